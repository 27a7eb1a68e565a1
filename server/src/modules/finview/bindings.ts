import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import type { Bindings, NewsEventField, ParamValues, TemplateBody } from '../../../../src/resources/finview-model.js';
import type { BoundData } from '../../../../src/resources/finview-template.js';

// Owner: the templates/plugins helper (docs/finview.md "Plugins": sources read, fitted to each bound scene).

export interface ResolveInput {
  body: TemplateBody;
  bindings: Bindings;
  params: ParamValues;
  /** A rule's event, whose fields `{event: field}` arguments take. */
  event?: Partial<Record<NewsEventField, string | number>>;
}

/**
 * The data a render binds: every binding's source read now and fitted to its scene's kind, the
 * params (and `<param>Name` of company params) for placeholders, logo images as data URLs.
 * Throws HttpError 422 (`finviewPluginOff`, `finviewPluginUnavailable`, field errors) when it cannot.
 * Placeholder: the params alone.
 */
export async function resolveBindings(_fastify: FastifyInstance, _q: Queryable, input: ResolveInput): Promise<BoundData> {
  return { values: { ...input.params } };
}
