import Type, { type TSchema } from 'typebox';
import { fieldReasonText, type FieldReason, type FieldReasonCode, type MessageParams } from './messages';

const FieldReasonSchema = Type.Object({
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

/**
 * Every error answer: `message` and `errors` in English, `code` and `reasons` for a client
 * that words them itself (common/messages.ts). The client's data provider
 * turns it into one HttpError.
 */
export const ErrorReply = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  reasons: Type.Optional(Type.Record(Type.String(), FieldReasonSchema)),
});

export const MessageReply = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) });

// A schema's description is what a 422 says about a value that breaks it; a named rule's
// text is registered here so the error handler can send its code too.
const RULES = new Map<string, FieldReason>();

/** The description of a value that must follow a named rule of the catalogue. */
export function rule(code: FieldReasonCode, params?: MessageParams): string {
  const reason: FieldReason = params ? { code, params } : { code };
  const text = fieldReasonText(reason);
  RULES.set(text, reason);
  return text;
}

/** The named rule a schema's description states, if it is one. */
export function ruleOfDescription(description: string | undefined): FieldReason | undefined {
  return description === undefined ? undefined : RULES.get(description);
}

// The values every module's routes share, bounded so that whatever passes validation also
// fits the database: ids within bigint, pages within what an OFFSET can reach, real dates.

/** A bigint id as a string (JSON numbers lose digits past 2^53). */
export const Id = Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: rule('id') });
/** An id sent as a JSON number by older clients: exact only up to 2^53. */
/** A row id as a JSON number (the newer modules' ids). */
export const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const IdOrNumber = Type.Union([Id, RowId]);

/** The schema, or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One of these strings, typed as their union: a plain `enum` in the JSON schema. */
export const literals = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
/** A calendar date (2024-02-31 is not one). */
/** A record's version, which an edit names to be refused (409) when someone else changed it first. */
export const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'the version the edit is based on (409 when stale)' });
export const IsoDate = Type.String({ format: 'date', description: rule('date') });
export const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'from 1' });
export const PageSize = Type.Integer({ minimum: 1, maximum: 200 });
/** A user's role (common/resources/types.ts Role): the accounts' answers and the admin's users carry it. */
export const Role = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: '0 Super Admin, 1 Admin, 2 User',
});
