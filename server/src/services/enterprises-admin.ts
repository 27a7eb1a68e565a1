import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { Enterprise, EnterpriseInput } from '../plugins/enterprises-repository.js';
import type { SealedSession } from '../sealing/check.js';
import { isUniqueViolation } from './admin-lists.js';
import { recordAudit } from './audit.js';

type Actor = Pick<SealedSession, 'id' | 'username'>;

/** What the audit log keeps of an enterprise: its own columns, not the derived count. */
const snapshot = ({ userCount: _n, createdAt: _c, updatedAt: _u, ...enterprise }: Enterprise) => enterprise;

const takenError = () => new HttpError(409, 'enterpriseTaken', { name: 'nameTaken' });

/** Each change in one transaction with its audit record. */
export function createEnterprisesAdminService(fastify: FastifyInstance) {
  const { db, enterprisesRepository: enterprises } = fastify;

  async function guarded<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw takenError();
      throw error;
    }
  }

  async function change(actor: Actor, id: string, action: string, next: (before: Enterprise) => EnterpriseInput): Promise<Enterprise> {
    return guarded(async (tx) => {
      const before = await enterprises.findById(id, tx, true);
      if (!before) throw new HttpError(404, 'notFound');
      const input = next(before);
      const { id: _id, ...current } = snapshot(before);
      if (JSON.stringify(current) === JSON.stringify({ ...current, ...input })) return before;
      if (await enterprises.nameTaken(input.name, id, tx)) throw takenError();
      await enterprises.update(id, input, tx);
      const after = (await enterprises.findById(id, tx)) as Enterprise;
      await recordAudit(tx, { actor, entity: 'enterprise', entityId: id, action, before: snapshot(before), after: snapshot(after) });
      return after;
    });
  }

  return {
    async create(actor: Actor, input: EnterpriseInput): Promise<Enterprise> {
      return guarded(async (tx) => {
        const id = await enterprises.insertIfAbsent(input, tx);
        if (!id) throw takenError();
        const created = (await enterprises.findById(id, tx)) as Enterprise;
        await recordAudit(tx, { actor, entity: 'enterprise', entityId: id, action: 'create', after: snapshot(created) });
        return created;
      });
    },
    update: (actor: Actor, id: string, input: EnterpriseInput) => change(actor, id, 'update', () => input),
    disable: (actor: Actor, id: string) => change(actor, id, 'disable', (before) => ({ ...snapshot(before), isActive: false })),
    enable: (actor: Actor, id: string) => change(actor, id, 'enable', (before) => ({ ...snapshot(before), isActive: true })),
  };
}
