import type { FieldReason } from '../../../../src/resources/server-messages.js';
import type { ParamsSchema, ParamValues } from '../../../../src/resources/finview-model.js';

// Owner: the templates/plugins helper (docs/finview.md "Outputs": ajv against the version's paramsSchema).
export type ParamsCheck =
  | { ok: true; value: ParamValues }
  | { ok: false; errors: Record<string, string>; reasons: Record<string, FieldReason> };

/** Checks render parameters against a template version's schema; errors keyed `params.<name>`. Placeholder: accepts any object. */
export function checkParams(_schema: ParamsSchema, params: unknown): ParamsCheck {
  return { ok: true, value: (params ?? {}) as ParamValues };
}
