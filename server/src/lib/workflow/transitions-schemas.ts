import Type, { type TObject, type TSchema } from 'typebox';
import type { TransitionDefinition } from '../../../../common/resources/types.js';
import { Id, Version } from '../../../../common/schemas.js';

// The bodies and answers of a workflow transition's two routes, from its definition: the
// reason and comment appear only on the transitions that take them.

/** At most this many records per bulk request (each is a transaction of its own). */
export const BULK_MAX = 500;

function inputProperties(transition: TransitionDefinition, commentMax: number): Record<string, TSchema> {
  const properties: Record<string, TSchema> = {};
  if (transition.reasons?.length) {
    const values = transition.reasons.map((option) => String(option.value));
    // Checked by the service (422 `oneOf`, as for the bulk route), described here.
    properties.reason = Type.Optional(Type.String({ maxLength: 100, description: `required; one of ${values.join(', ')}` }));
  }
  if (transition.comment) {
    properties.comment = Type.Optional(Type.String({ maxLength: commentMax, description: transition.comment === 'required' ? 'required, not blank' : 'optional' }));
  }
  return properties;
}

export function transitionBodySchema(transition: TransitionDefinition, commentMax: number): TObject {
  return Type.Object({ version: Version, ...inputProperties(transition, commentMax) }, { additionalProperties: false });
}

export function bulkBodySchema(transition: TransitionDefinition, commentMax: number): TObject {
  const Item = Type.Object({ id: Id, version: Version }, { additionalProperties: false });
  return Type.Object(
    { items: Type.Array(Item, { minItems: 1, maxItems: BULK_MAX }), ...inputProperties(transition, commentMax) },
    { additionalProperties: false },
  );
}

/** Each record's answer, in the order asked: the record after, or why it was refused. */
export function bulkReplySchema(record: TSchema): TObject {
  const Done = Type.Object({ id: Type.String(), ok: Type.Literal(true), record });
  const Refused = Type.Object({
    id: Type.String(),
    ok: Type.Literal(false),
    code: Type.String({ description: 'the message catalogue code (staleEdit, transitionNotAllowed, makerChecker, notFound, ...)' }),
    message: Type.String(),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  });
  return Type.Object({ results: Type.Array(Type.Union([Done, Refused])) });
}
