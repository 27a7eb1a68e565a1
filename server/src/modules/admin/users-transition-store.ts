import type { FastifyInstance } from 'fastify';
import { users } from '../../../../common/resources/users.js';
import { checkUserChange } from '../../../../common/domains/admin/user-rules.js';
import type { UserStatus } from '../../../../common/domains/admin/model.js';
import { HttpError, orNotFound } from '../../errors.js';
import type { TransitionStore, WorkflowRecord } from '../../lib/workflow/transitions-service.js';
import { revokeUserSessions } from '../accounts/sessions-repository.js';
import { findUser, lockActiveSuperAdmins, lockUser, setUserStatus, type AdminUser } from './users-repository.js';
import { refusal, snapshot } from './users-service.js';

/**
 * The users table as the users workflow's store (approve, disable, enable: common/resources/users.ts):
 * the generic transition routes do the role, state, audit and event; this adds what is the
 * admin's own, in the same transaction: who may be touched at all (an Admin never moves a
 * Super Admin), the last active Super Admin never disabled, and a disable ending every session.
 * Disabling oneself stays allowed (the page warns that it signs one out).
 */
export function usersTransitionStore(fastify: FastifyInstance): TransitionStore {
  const { db } = fastify;
  return {
    definition: users,
    auditEntity: 'user',
    invalidCode: 'validation',
    transaction: (fn) => db.transaction(fn),

    async locked(tx, key, version) {
      // A Super Admin's change counts the live Super Admins: they are locked first, in id order,
      // as the service's withUser does, so two disables at once queue there rather than deadlock.
      const seen = await findUser(tx, key);
      if (seen?.role === 0) await lockActiveSuperAdmins(tx);
      const user = orNotFound(await lockUser(tx, key));
      if (user.version !== version) throw new HttpError(409, 'staleEdit');
      return user as unknown as WorkflowRecord;
    },

    async write(tx, key, values, { before, actor }) {
      const user = before as unknown as AdminUser;
      const status = values[users.workflow?.field ?? 'status'] as UserStatus;
      // Re-locking rows this transaction holds only counts them.
      const superAdmins = user.role === 0 ? await lockActiveSuperAdmins(tx) : Number.POSITIVE_INFINITY;
      const refused = checkUserChange(actor, { id: key, before: user, after: { role: user.role, status } }, superAdmins);
      if (refused) throw refusal(refused);
      await setUserStatus(tx, key, status);
      // Disabling ends every session at once; the seal check also refuses a user who is not active.
      if (status === 'disabled') await revokeUserSessions(tx, key);
      return (await findUser(tx, key)) as unknown as WorkflowRecord;
    },

    snapshot: (record) => snapshot(record as unknown as AdminUser),
  };
}
