import Type from 'typebox';

/** Every error answer: the client's data provider turns it into one HttpError. */
export const ErrorReply = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

export const MessageReply = Type.Object({ message: Type.String() });
