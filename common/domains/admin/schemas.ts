import Type, { type Static } from 'typebox';
import { Id, Nullable, Role, Version } from '../../schemas';
import { USER_STATUSES, type UserStatus as UserStatusValue } from './model';

// The admin API's answers the pages read (users, enterprise options, the audit log), written
// once: the server serialises with these schemas (server/src/modules/admin), and the pages'
// types are derived from them.

const Timestamp = Type.String({ format: 'date-time' });

/** One literal a status (the JSON `anyOf` of consts the API has always described); its type is UserStatus. */
export const UserStatus = Type.Unsafe<UserStatusValue>(Type.Union(USER_STATUSES.map((status) => Type.Literal(status))));

export const AdminUser = Type.Object({
  // A user id: bigint in the database, a string here (server/src/modules/accounts UserId).
  id: Id,
  username: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  status: UserStatus,
  enterpriseId: Nullable(Id),
  enterpriseName: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** What a workflow transition sends back (409 staleEdit when the user changed since). */
  version: Version,
});

/** An active enterprise a user may join, with its mail domain (a bank's users must use it). */
export const EnterpriseOption = Type.Object({
  id: Id,
  name: Type.String(),
  mailDomain: Type.String(),
  isBank: Type.Boolean(),
});

export const AuditRecord = Type.Object({
  id: Id,
  at: Timestamp,
  actorId: Nullable(Id),
  actorUsername: Nullable(Type.String()),
  entity: Type.String(),
  entityId: Type.String(),
  action: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export type AdminUserAnswer = Static<typeof AdminUser>;
export type EnterpriseOptionAnswer = Static<typeof EnterpriseOption>;
export type AuditRecordAnswer = Static<typeof AuditRecord>;
