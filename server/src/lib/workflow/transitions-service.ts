import { serverMessage, type MessageParams, type ServerMessageCode } from '../../../../common/messages.js';
import type { TransitionDefinition, WorkflowDefinition } from '../../../../common/resources/types.js';
import { isMaker, mayPerform, startsFrom } from '../../../../common/resources/workflow.js';
import type { ResourceDefinition } from '../../../../common/resources/types.js';
import type { Queryable } from '../../db/index.js';
import { HttpError, type FieldRefusal } from '../../errors.js';
import { recordAudit } from '../audit.js';
import type { DomainEvents } from '../domain-events.js';
import type { Actor } from '../../plugins/app/access.js';

// A resource's workflow (its definition's `workflow`): moving one record, or each of many,
// from one state to another. One record is one transaction: lock, version, state,
// maker-checker, write, audit, domain event; a refusal anywhere writes nothing. Where the
// records live is the store's business: the generic module's tables (modules/crud), or a
// module's own (users, news, KYC documents), which may do its own part of a move (a mail, a
// count) inside the same transaction.

/** A record as a store hands it over: its fields by name, and its version. */
export type WorkflowRecord = Record<string, unknown> & { version: number };

/** What a transition writes: the new state and, where the workflow keeps them, the reason and comment. */
export type TransitionValues = Record<string, unknown>;

export interface TransitionStore {
  /** The resource, with its `workflow` and `endpoint`. */
  definition: ResourceDefinition;
  /** The audit log's entity. */
  auditEntity: string;
  /** The sentence of a 422 (the resource's `validation` message). */
  invalidCode: ServerMessageCode;
  /** Runs `fn` in one transaction; turns the database's refusals into the resource's answers. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The record locked for the transaction; 404 when missing, 409 staleEdit when past `version`. */
  locked(tx: Queryable, key: string, version: number): Promise<WorkflowRecord>;
  /** Writes the values (and whatever else the move means to the module); answers the record after. */
  write(tx: Queryable, key: string, values: TransitionValues, move: { before: WorkflowRecord; transition: TransitionDefinition; actor: Actor }): Promise<WorkflowRecord>;
  /** What the audit log keeps of a record. */
  snapshot(record: WorkflowRecord): Record<string, unknown>;
}

export interface TransitionInput {
  reason?: string | undefined;
  comment?: string | undefined;
}

export interface BulkItem {
  id: string;
  version: number;
}

export type BulkResult =
  | { id: string; ok: true; record: WorkflowRecord }
  | { id: string; ok: false; code: ServerMessageCode; message: string; params?: MessageParams };

/** Where a row's unexpected failure is logged (the request's logger). */
export interface FailureLog {
  error(details: object, message: string): void;
}

/** Comments longer than the comment field allows (or this, without one) are refused. */
const COMMENT_MAX = 2000;

function noWorkflow(resource: string): never {
  throw new Error(`resource ${resource} has no workflow`);
}

export function createTransitionService(store: TransitionStore, events: DomainEvents) {
  const { definition } = store;
  const workflow: WorkflowDefinition = definition.workflow ?? noWorkflow(definition.name);
  const commentField = definition.fields?.find((field) => field.name === workflow.commentField);
  const commentMax = commentField?.maxLength ?? COMMENT_MAX;

  /** The transition's reason and comment as they will be stored; 422 naming the field when refused. */
  function checkedInput(transition: TransitionDefinition, input: TransitionInput): { reason: string | null; comment: string | null } {
    const refusals: Record<string, FieldRefusal> = {};
    const reason = input.reason?.trim() || null;
    const comment = input.comment?.trim() || null;
    if (transition.reasons?.length) {
      const values = transition.reasons.map((option) => String(option.value));
      if (reason === null) refusals.reason = 'required';
      else if (!values.includes(reason)) refusals.reason = { code: 'oneOf', params: { values: values.join(', ') } };
    }
    if (transition.comment === 'required' && comment === null) refusals.comment = 'required';
    if (comment !== null && comment.length > commentMax) refusals.comment = { code: 'tooLong', params: { limit: commentMax } };
    if (Object.keys(refusals).length > 0) throw new HttpError(422, store.invalidCode, refusals);
    return { reason: transition.reasons?.length ? reason : null, comment: transition.comment ? comment : null };
  }

  /** What the caller's role may not do is refused before any record is read. */
  function allowed(actor: Actor, transition: TransitionDefinition): void {
    if (!mayPerform(actor.role, definition, transition)) throw new HttpError(403, 'transitionForbidden');
  }

  /** One record, in its own transaction; the checks of the role and input are the caller's. */
  async function move(actor: Actor, transition: TransitionDefinition, key: string, version: number, input: { reason: string | null; comment: string | null }) {
    return store.transaction(async (tx) => {
      const before = await store.locked(tx, key, version);
      const from = String(before[workflow.field]);
      if (!startsFrom(transition, from)) throw new HttpError(409, 'transitionNotAllowed');
      if (isMaker(transition, before, actor.id)) throw new HttpError(403, 'makerChecker');
      // The reason and comment are the last transition's: one that takes none clears them (a
      // reopened record keeps no rejection reason); the audit log keeps every earlier one.
      const values: TransitionValues = { [workflow.field]: transition.to };
      if (workflow.reasonField) values[workflow.reasonField] = input.reason;
      if (workflow.commentField) values[workflow.commentField] = input.comment;
      const after = await store.write(tx, key, values, { before, transition, actor });
      const who = { id: actor.id, username: actor.username };
      await recordAudit(tx, {
        actor: who,
        entity: store.auditEntity,
        entityId: key,
        action: transition.name,
        before: store.snapshot(before),
        after: { ...store.snapshot(after), ...(input.reason === null ? {} : { reason: input.reason }), ...(input.comment === null ? {} : { comment: input.comment }) },
      });
      if (transition.event) {
        await events.emit(tx, 'workflow.transitioned', [
          { resource: definition.name, transition: transition.name, event: transition.event, id: key, from, to: transition.to, actor: who, ...input },
        ]);
      }
      return after;
    });
  }

  return {
    definition,
    transitions: workflow.transitions,
    commentMax,

    /** One record: 403, 422, 404, 409 (stale, wrong state) or 403 maker-checker, else the record after. */
    perform(actor: Actor, transition: TransitionDefinition, key: string, body: TransitionInput & { version: number }): Promise<WorkflowRecord> {
      allowed(actor, transition);
      return move(actor, transition, key, body.version, checkedInput(transition, body));
    },

    /**
     * Each record in its own transaction, in the order given: one refused (or failing) record
     * never undoes another. What applies to the whole request (role, bulk, reason, comment) is
     * refused as a whole.
     */
    async performMany(actor: Actor, transition: TransitionDefinition, items: readonly BulkItem[], body: TransitionInput, log: FailureLog): Promise<BulkResult[]> {
      if (!transition.bulk) throw new HttpError(403, 'transitionNotBulk');
      allowed(actor, transition);
      const input = checkedInput(transition, body);
      const results: BulkResult[] = [];
      for (const item of items) {
        try {
          results.push({ id: item.id, ok: true, record: await move(actor, transition, item.id, item.version, input) });
        } catch (error) {
          if (error instanceof HttpError) {
            results.push({ id: item.id, ok: false, code: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) });
            continue;
          }
          // A failure of the server's (a listener, the database) is this row's alone: the rows
          // before it are committed, so the request goes on and answers for each.
          log.error({ err: error, resource: definition.name, transition: transition.name, id: item.id }, 'bulk transition row failed');
          results.push({ id: item.id, ok: false, code: 'generic', message: serverMessage('generic') });
        }
      }
      return results;
    },
  };
}

export type TransitionService = ReturnType<typeof createTransitionService>;
