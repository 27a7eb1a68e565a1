import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import type { NewsEventField, OutputAnswer, OutputOrigin, ParamValues } from '../../../../src/resources/finview-model.js';

// Owner: the outputs helper (docs/finview.md "Outputs"). Rules call createOutput inside their transaction.

export interface NewOutput {
  templateId: number;
  params: ParamValues;
  title?: string;
  origin: OutputOrigin;
  createdBy: number | null;
  /** The acting user for the audit row (rules: the rule's creator, or the system). */
  actor: { id: number | null; username: string };
  ruleId?: number;
  event?: Partial<Record<NewsEventField, string | number>>;
  /** At most one output (job) per key, ever (pg-boss singleton + jobs_singleton). */
  singletonKey?: string;
}

/**
 * Creates an output and queues its render inside `tx`: the published version, params checked,
 * bindings resolved now. `created: false` when the singleton key already had one (that output
 * is returned). Throws HttpError (409 finviewNotPublished, 422 validation...). Placeholder.
 */
export async function createOutput(_fastify: FastifyInstance, _tx: Queryable, _input: NewOutput): Promise<{ output: OutputAnswer; created: boolean }> {
  throw new Error('createOutput is not built yet');
}
