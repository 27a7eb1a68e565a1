import type { FastifyInstance } from 'fastify';
import { announcements } from '../../../../common/resources/announcements.js';
import type { SuppressReason } from '../../../../common/domains/announcements/model.js';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import type { TransitionStore, WorkflowRecord } from '../../lib/workflow/transitions-service.js';
import { findAnnouncement } from './announcements-repository.js';
import { DECISIONS, detailOf, found } from './announcements-service.js';
import { assertNotLockedByOther } from './locks.js';

// Announcements as the workflow's store (server/src/lib/workflow): publish, suppress, reopen and
// retract on the generic transition routes, each decided by the same code as the legacy
// decision routes (DECISIONS in announcements-service.ts). The generic service checks the role,
// the state, suppress's reason from the list and retract's words (the workflow's comment); this
// store keeps what only announcements know: another reviewer's soft lock refuses the move (409
// announcementLocked, params.user, as every write of the module), a published group suppresses
// its other queued members, the decider and time. Audited under the module's entity, `announcement`.

const record = (detail: unknown) => detail as WorkflowRecord;

async function lockedRow(tx: Queryable, key: string) {
  return found(await findAnnouncement(tx, Number(key), { lock: true }));
}

export function announcementsTransitionStore(fastify: FastifyInstance): TransitionStore {
  return {
    definition: announcements,
    auditEntity: 'announcement',
    invalidCode: 'validation',
    transaction: (fn) => fastify.db.transaction(fn),

    async locked(tx, key, version) {
      const row = await lockedRow(tx, key);
      if (row.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: row.version } });
      return record(await detailOf(tx, row));
    },

    async write(tx, key, values, { transition, actor }) {
      const decide = DECISIONS[transition.name as keyof typeof DECISIONS];
      if (!decide) throw new Error(`announcements: no decision ${transition.name}`);
      const row = await lockedRow(tx, key);
      // The store is not told the caller before \`write\`: the soft lock is checked here, still
      // before anything is written, and its refusal rolls the transaction back.
      await assertNotLockedByOther(tx, row.id, actor);
      await decide(tx, actor, row, {
        suppressReason: (values.suppressReason ?? undefined) as SuppressReason | undefined,
        retractReason: typeof values.retractReason === 'string' ? values.retractReason : undefined,
      });
      return record(await detailOf(tx, found(await findAnnouncement(tx, Number(key)))));
    },

    // What the decision routes' audit rows keep: the row without its (ephemeral) lock or group.
    snapshot: (item) => {
      const { members: _members, lock: _lock, ...rest } = item as WorkflowRecord & { members?: unknown; lock?: unknown };
      return rest;
    },
  };
}
