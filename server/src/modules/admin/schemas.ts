import Type from 'typebox';
import { MAIL_DOMAIN_PATTERN } from '../../../../common/config/values.js';
import { USER_STATUSES } from '../../../../common/domains/admin/model.js';
import { AdminUser } from '../../../../common/domains/admin/schemas.js';
import { Email, NewPassword, Role, Username } from '../accounts/schemas.js';
import { Id, IsoDate, Nullable, Page, PageSize, rule } from '../../../../common/schemas.js';

// The admin module's API: users, enterprises and the audit log, under
// be-api-management/admin. Lists answer `200 [T]` with the total in x-total-count.
// The answers the pages read are common/domains/admin/schemas.ts, which their types come from.

export { AdminUser, AuditRecord, EnterpriseOption, UserStatus } from '../../../../common/domains/admin/schemas.js';

const Timestamp = Type.String({ format: 'date-time' });
const Text = (description: string) => Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description });

export const IdParams = Type.Object({ id: Id });

export const ListQuery = {
  page: Type.Optional(Page),
  pageSize: Type.Optional(Type.Integer({ ...PageSize, default: 20 })),
  sort: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]+:(asc|desc)(,[A-Za-z]+:(asc|desc))*$', description: rule('sort', { fields: 'the list columns' }) }),
  ),
};

export const UsersQuery = Type.Object({
  ...ListQuery,
  q: Type.Optional(Type.String({ maxLength: 100, description: 'part of the username, name or email' })),
  role: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: '0 Super Admin, 1 Admin, 2 User' })),
  status: Type.Optional(Type.Enum([...USER_STATUSES])),
  // One id, or several as `a,b` (the generic list's multiSelect filter): any of them.
  enterpriseId: Type.Optional(
    Type.String({ pattern: '^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,99}$', description: 'an enterprise id, or several as a,b (any of them)' }),
  ),
});

const UserFields = {
  email: Email,
  name: Text(rule('notBlank')),
  role: Role,
  enterpriseId: Nullable(Id),
};

export const UserUpdateBody = Type.Object(UserFields);
export const UserCreateBody = Type.Object({ username: Username, password: NewPassword, ...UserFields });

export const UserReply = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()), user: AdminUser });

export const Enterprise = Type.Object({
  id: Id,
  name: Type.String(),
  mailDomain: Type.String(),
  isBank: Type.Boolean(),
  isActive: Type.Boolean(),
  userCount: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const EnterprisesQuery = Type.Object({
  ...ListQuery,
  q: Type.Optional(Type.String({ maxLength: 100, description: 'part of the name or mail domain' })),
  isBank: Type.Optional(Type.Boolean()),
  isActive: Type.Optional(Type.Boolean()),
});

export const EnterpriseBody = Type.Object({
  name: Text(rule('notBlank')),
  mailDomain: Type.String({ pattern: MAIL_DOMAIN_PATTERN, maxLength: 253, description: rule('mailDomain') }),
  isBank: Type.Boolean(),
  isActive: Type.Optional(Type.Boolean({ default: true })),
});

export const AuditQuery = Type.Object({
  ...ListQuery,
  entity: Type.Optional(Type.String({ maxLength: 40 })),
  entityId: Type.Optional(Type.String({ maxLength: 100 })),
  action: Type.Optional(Type.String({ maxLength: 40 })),
  actor: Type.Optional(Type.String({ maxLength: 100, description: 'part of the username' })),
  dateFrom: Type.Optional(IsoDate),
  dateTo: Type.Optional(IsoDate),
  // The generic list's names for the same filters: the column's field.
  actorUsername: Type.Optional(Type.String({ maxLength: 100, description: 'part of the username (the generic list\'s name for actor)' })),
  at: Type.Optional(
    Type.String({
      pattern: '^(\\d{4}-\\d{2}-\\d{2})?(,(\\d{4}-\\d{2}-\\d{2})?)?$',
      description: 'from,to as YYYY-MM-DD, UTC days, inclusive; either may be left out (the generic list\'s dateFrom and dateTo)',
    }),
  ),
});
