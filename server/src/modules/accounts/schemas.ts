import Type from 'typebox';
import { USERNAME_PATTERN } from '../../../../common/protocol/constants.js';
import { FIELD_RULES } from '../../../../common/resources/field-rules.js';
import { Id, Role, rule } from '../../../../common/schemas.js';

export { Role };

// Shared with env.ts so a configured or generated password can always be typed in the UI.
export const PASSWORD_PATTERN = FIELD_RULES.password.pattern;
export const PASSWORD_RULE = rule('password');

// A description is what a 422 says about a value that misses the pattern.
export const Username = Type.String({ pattern: USERNAME_PATTERN.source, description: rule('username') });
export const NewPassword = Type.String({ pattern: PASSWORD_PATTERN, description: PASSWORD_RULE });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const OneTimeCode = Type.String({ pattern: '^[0-9]{6}$', description: rule('otp') });
// Ids are bigint in the database; a string keeps them exact in JavaScript.
export const UserId = Id;

export const PublicKeyReply = Type.Object({ publicKey: Type.String({ description: 'SPKI PEM' }) });

export const LoginBody = Type.Object({
  // Not the username pattern: a typo must answer 401 like any unknown name, not 422.
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  // Only for an account locked after failed sign-ins (423): the code mailed to its owner.
  otp: Type.Optional(OneTimeCode),
});

export const LoginReply = Type.Object({
  user_id: UserId,
  username: Type.String(),
  role: Role,
  access_token: Type.String(),
  anonymous_paths: Type.Array(Type.String(), { description: '"METHOD /path" relative to the API base; sent unsealed' }),
  expires_at: Type.String({ format: 'date-time', description: 'absolute end of the session' }),
});

export const RegisterBody = Type.Object({
  username: Username,
  email: Email,
  password: NewPassword,
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: rule('notBlank') }),
});

export const RegisterReply = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()), user_id: UserId });

export const ForgotPasswordBody = Type.Object({ email: Email });

export const ResetPasswordBody = Type.Object({
  email: Email,
  otp: OneTimeCode,
  newPassword: NewPassword,
});

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: NewPassword,
});

export const MeReply = Type.Object({
  user_id: UserId,
  username: Type.String(),
  role: Role,
  name: Type.String(),
  email: Type.String(),
});
