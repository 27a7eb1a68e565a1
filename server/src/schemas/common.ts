import Type from 'typebox';
import { fieldReasonText, type FieldReason, type FieldReasonCode, type MessageParams } from '../../../src/resources/server-messages.js';

const FieldReasonSchema = Type.Object({
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

/**
 * Every error answer: `message` and `errors` in English, `code` and `reasons` for a client
 * that words them itself (src/resources/server-messages.ts). The client's data provider
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
