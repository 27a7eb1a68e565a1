import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { HttpError, orNotFound } from '../../errors.js';
import {
  findUser,
  insertUserIfAbsent,
  lockActiveSuperAdmins,
  lockUser,
  setUserStatus,
  updateUser,
  userConflicts,
  type AdminUser,
  type UserChange,
} from './users-repository.js';
import type { Actor } from '../../plugins/app/access.js';
import type { Role } from '../../../../common/resources/types.js';
import { checkUserChange, emailAllowedFor, type MailDomainOwner, type UserRuleRefusal, type UserState } from '../../../../common/domains/admin/user-rules.js';
import type { UserStatus } from '../../../../common/domains/admin/model.js';
import { createAccountsService } from '../accounts/service.js';
import { revokeUserSessions } from '../accounts/sessions-repository.js';
import { isUniqueViolation } from '../../lib/paging.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { hashPassword } from '../../lib/passwords.js';

export interface NewUserInput extends UserChange {
  username: string;
  password: string;
}

const auditActor = (actor: Actor): AuditActor => ({ id: actor.id, username: actor.username });

/** What the audit log keeps of a user: the row as the API shows it (its derived version left out). */
export const snapshot = ({ createdAt: _c, updatedAt: _u, version: _v, ...user }: AdminUser) => user;

export function refusal(refused: UserRuleRefusal): HttpError {
  if (refused.kind === 'forbidden') {
    return new HttpError(403, refused.reason === 'superAdminOnly' ? 'superAdminOnly' : 'forbidden');
  }
  return new HttpError(422, 'lastSuperAdmin', { [refused.field]: 'lastSuperAdmin' });
}

/**
 * The admin's user actions. Each runs in one transaction that locks the target row,
 * checks the rules of common/domains/admin/user-rules.ts, writes, and records the change in
 * the audit log, so a refused request writes nothing and an accepted one is always recorded.
 */
export function createUsersAdminService(fastify: FastifyInstance) {
  const { db } = fastify;
  const accounts = createAccountsService(fastify);
  const enterprises = fastify.crud('enterprises').repository;

  /** `activeSuperAdmins` as counted by withUser; only a change of a live Super Admin needs it. */
  function check(actor: Actor, id: string | null, before: UserState | null, after: UserState, activeSuperAdmins = Number.POSITIVE_INFINITY): void {
    const refused = checkUserChange(actor, { id, before, after }, activeSuperAdmins);
    if (refused) throw refusal(refused);
  }

  async function checkEnterprise(tx: Queryable, enterpriseId: string | null, email: string, unchangedId: string | null): Promise<void> {
    if (enterpriseId === null) return;
    const enterprise = (await enterprises.find(tx, enterpriseId)) as (MailDomainOwner & { isActive: boolean }) | undefined;
    // A user may stay in an enterprise disabled since; nobody new joins one.
    if (!enterprise || (!enterprise.isActive && enterpriseId !== unchangedId)) {
      throw new HttpError(422, 'noEnterprise', { enterpriseId: 'enterpriseUnavailable' });
    }
    if (!emailAllowedFor(email, enterprise)) {
      throw new HttpError(422, 'bankDomain', { email: { code: 'mailDomainEnd', params: { domain: enterprise.mailDomain } } });
    }
  }

  async function duplicate(tx: Queryable, username: string | null, email: string, exceptId: string | null): Promise<HttpError | null> {
    const taken = await userConflicts(tx, username, email, exceptId);
    if (!taken.username && !taken.email) return null;
    return new HttpError(409, 'taken', {
      ...(taken.username ? { username: 'usernameTaken' } : {}),
      ...(taken.email ? { email: 'emailTaken' } : {}),
    });
  }

  /**
   * Runs `fn` on the locked user; 404 when there is none. For a Super Admin, every
   * active Super Admin is locked first, in id order, and counted: two demotions
   * running at once queue there (no deadlock), and the second sees the first.
   */
  async function withUser<T>(id: string, fn: (tx: Queryable, user: AdminUser, activeSuperAdmins: number) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const seen = await findUser(tx, id);
        const activeSuperAdmins = seen?.role === 0 ? await lockActiveSuperAdmins(tx) : Number.POSITIVE_INFINITY;
        const user = orNotFound(await lockUser(tx, id));
        return fn(tx, user, user.role === 0 && seen?.role !== 0 ? await lockActiveSuperAdmins(tx) : activeSuperAdmins);
      });
    } catch (error) {
      // Another request took the address between the check and the write.
      if (isUniqueViolation(error)) throw new HttpError(409, 'taken', { email: 'emailTaken' });
      throw error;
    }
  }

  async function setStatus(actor: Actor, id: string, from: UserStatus[], to: UserStatus, action: string, refused: 'notPending' | 'notDisabled') {
    return withUser(id, async (tx, user, superAdmins) => {
      check(actor, id, user, { role: user.role, status: to }, superAdmins);
      if (user.status === to) return user;
      if (!from.includes(user.status)) throw new HttpError(422, refused, { status: refused === 'notPending' ? 'statusNotPending' : 'statusNotDisabled' });
      await setUserStatus(tx, id, to);
      // Disabling ends every session at once; the seal check also refuses a non-active user.
      if (to === 'disabled') await revokeUserSessions(tx, id);
      const after = (await findUser(tx, id)) as AdminUser;
      await recordAudit(tx, { actor: auditActor(actor), entity: 'user', entityId: id, action, before: snapshot(user), after: snapshot(after) });
      return after;
    });
  }

  return {
    async create(actor: Actor, input: NewUserInput): Promise<AdminUser> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        check(actor, null, null, { role: input.role, status: 'active' });
        await checkEnterprise(tx, input.enterpriseId, input.email, null);
        const taken = await duplicate(tx, input.username, input.email, null);
        if (taken) throw taken;
        const id = await insertUserIfAbsent(tx, { ...input, status: 'active', passwordHash });
        // Lost a race with another insert of the same name or address.
        if (!id) throw (await duplicate(tx, input.username, input.email, null)) ?? new HttpError(409, 'taken');
        const created = (await findUser(tx, id)) as AdminUser;
        await recordAudit(tx, { actor: auditActor(actor), entity: 'user', entityId: id, action: 'create', after: snapshot(created) });
        return created;
      });
    },

    async update(actor: Actor, id: string, change: UserChange): Promise<AdminUser> {
      return withUser(id, async (tx, user, superAdmins) => {
        check(actor, id, user, { role: change.role, status: user.status }, superAdmins);
        await checkEnterprise(tx, change.enterpriseId, change.email, user.enterpriseId);
        const taken = await duplicate(tx, null, change.email, id);
        if (taken) throw taken;
        await updateUser(tx, id, change);
        const after = (await findUser(tx, id)) as AdminUser;
        await recordAudit(tx, { actor: auditActor(actor), entity: 'user', entityId: id, action: 'update', before: snapshot(user), after: snapshot(after) });
        return after;
      });
    },

    approve: (actor: Actor, id: string) => setStatus(actor, id, ['pending'], 'active', 'approve', 'notPending'),
    disable: (actor: Actor, id: string) => setStatus(actor, id, ['pending', 'active'], 'disabled', 'disable', 'notDisabled'),
    enable: (actor: Actor, id: string) => setStatus(actor, id, ['disabled'], 'active', 'enable', 'notDisabled'),

    /** Mails a one-time code exactly as /forgot-password does, to a user the caller may manage. */
    async resetPassword(actor: Actor, id: string): Promise<void> {
      const email = await withUser(id, async (tx, user) => {
        check(actor, id, user, user);
        if (user.status !== 'active') throw new HttpError(422, 'notActive', { status: 'statusNotActive' });
        await recordAudit(tx, { actor: auditActor(actor), entity: 'user', entityId: id, action: 'reset-password' });
        return user.email;
      });
      await accounts.requestPasswordCode(email);
    },
  };
}

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
export type { Role };
