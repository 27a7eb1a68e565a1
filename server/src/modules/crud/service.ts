import type { Db, Queryable } from '../../db/index.js';
import { HttpError, orNotFound } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { isUniqueViolation, sqlState, type Page } from '../../lib/paging.js';
import { notBeforeBroken } from '../../../../common/resources/field-rules.js';
import { isText, type CrudModel } from './model.js';
import { createCrudRepository, type CrudRecord, type ListRequest } from './repository.js';

// A generic resource's reads and writes. Every write runs in one transaction that locks
// the record, checks the version the caller's edit was based on (a stale one is refused
// with 409 staleEdit, never applied over someone else's change), writes, and records the
// change in the audit log, so a refused request writes nothing and an accepted one is
// always recorded.

export type CrudValues = Record<string, unknown>;

/** What a custom action makes of a record: the values to write, or nothing to change. */
export type Change = (before: CrudRecord, tx: Queryable) => CrudValues | Promise<CrudValues>;

export function createCrudService(db: Db, model: CrudModel) {
  const repository = createCrudRepository(model);
  const { id, writable } = model;

  /** What the audit log keeps: the id and the stored values, not derived ones. */
  const snapshot = (record: CrudRecord): CrudValues =>
    Object.fromEntries([id, ...model.stored].map((field) => [field.name, record[field.name]]));

  /** Text trimmed; fields the caller left out are not in the result. */
  function cleaned(input: CrudValues): CrudValues {
    const values: CrudValues = {};
    for (const field of writable) {
      const value = input[field.name];
      if (value === undefined) continue;
      values[field.name] = typeof value === 'string' && isText(field) ? value.trim() : value;
    }
    return values;
  }

  /** A new record: defaults for what the caller left out, the workflow's first state, the fields the server sets. */
  function withDefaults(values: CrudValues, actor: AuditActor): CrudValues {
    const complete = { ...values };
    for (const field of model.stored) {
      if (complete[field.name] === undefined && field.definition.default !== undefined) complete[field.name] = field.definition.default;
    }
    const workflow = model.definition.workflow;
    if (workflow && complete[workflow.field] === undefined) complete[workflow.field] = workflow.states[0]?.value;
    for (const field of model.auto) complete[field.name] = field.definition.auto === 'actor' ? actor.id : new Date().toISOString();
    return complete;
  }

  /**
   * Cross-field order (`notBefore`) on the record as it would be stored: a 422 naming the
   * later field, before the database's CHECK could answer a 500.
   */
  function checkOrder(values: CrudValues): void {
    const refusals = Object.fromEntries(
      writable
        .filter(({ name, definition }) => definition.notBefore !== undefined && notBeforeBroken(values[name], values[definition.notBefore]))
        .map(({ name, definition }) => [name, { code: 'notBeforeField' as const, params: { field: definition.notBefore as string } }]),
    );
    if (Object.keys(refusals).length > 0) throw new HttpError(422, model.messages.invalid, refusals);
  }

  /** The unique fields a 23505 names (its detail quotes the index's key), or every unique field. */
  function takenError(error: unknown): HttpError {
    const detail = typeof error === 'object' && error !== null ? String((error as { detail?: unknown }).detail ?? '') : '';
    const key = /^Key \((.*)\)=/.exec(detail)?.[1] ?? '';
    const unique = writable.filter((field) => field.definition.unique);
    const named = unique.filter((field) => new RegExp(`\\b${field.column}\\b`).test(key));
    return new HttpError(409, model.messages.taken, Object.fromEntries((named.length > 0 ? named : unique).map((field) => [field.name, 'nameTaken' as const])));
  }

  async function guarded<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw takenError(error);
      // A foreign key still points at the record (SQLSTATE 23503).
      if (sqlState(error) === '23503') throw new HttpError(409, 'recordInUse');
      throw error;
    }
  }

  /** The locked record; 404 when there is none, 409 when it has moved past `version`. */
  async function locked(tx: Queryable, key: string, version: number | undefined): Promise<CrudRecord> {
    const record = orNotFound(await repository.find(tx, key, true), model.messages.notFound);
    if (version !== undefined && record.version !== version) {
      throw new HttpError(409, 'staleEdit', undefined, { params: { version: record.version } });
    }
    return record;
  }

  /**
   * Applies `change` to the record as `action` (update, disable, ...). `version` is the one
   * the caller's edit was based on; only legacy routes that predate versions leave it out.
   * A change that changes nothing writes nothing, bumps no version and is not audited.
   */
  async function change(actor: AuditActor, key: string, action: string, version: number | undefined, next: Change): Promise<CrudRecord> {
    return guarded(async (tx) => {
      const before = await locked(tx, key, version);
      const values = cleaned(await next(before, tx));
      checkOrder({ ...before, ...values });
      if (Object.entries(values).every(([name, value]) => JSON.stringify(before[name]) === JSON.stringify(value))) return before;
      await repository.update(tx, key, values);
      const after = (await repository.find(tx, key)) as CrudRecord;
      await recordAudit(tx, { actor, entity: model.auditEntity, entityId: key, action, before: snapshot(before), after: snapshot(after) });
      return after;
    });
  }

  return {
    model,
    repository,
    change,
    // For the workflow's transitions (crud/transition-store.ts), which write what `change` may not.
    guarded,
    locked,
    snapshot,

    list: (request: ListRequest): Promise<Page<CrudRecord>> => repository.list(db, request),

    async get(key: string): Promise<CrudRecord> {
      return orNotFound(await repository.find(db, key), model.messages.notFound);
    },

    async create(actor: AuditActor, input: CrudValues): Promise<CrudRecord> {
      const values = withDefaults(cleaned(input), actor);
      checkOrder(values);
      return guarded(async (tx) => {
        const key = await repository.insert(tx, values);
        const created = (await repository.find(tx, key)) as CrudRecord;
        await recordAudit(tx, { actor, entity: model.auditEntity, entityId: key, action: 'create', after: snapshot(created) });
        return created;
      });
    },

    /** Fields left out keep their value. */
    update(actor: AuditActor, key: string, { version, ...input }: CrudValues & { version: number }): Promise<CrudRecord> {
      return change(actor, key, 'update', version, () => input);
    },

    async remove(actor: AuditActor, key: string, version: number): Promise<CrudRecord> {
      return guarded(async (tx) => {
        const before = await locked(tx, key, version);
        await repository.remove(tx, key);
        await recordAudit(tx, { actor, entity: model.auditEntity, entityId: key, action: 'delete', before: snapshot(before) });
        return before;
      });
    },
  };
}

export type CrudService = ReturnType<typeof createCrudService>;
