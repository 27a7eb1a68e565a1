import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import type { NewsApprovedEvent } from '../../lib/domain-events.js';
import { NEWS_EVENT_FIELDS, type NewsEventField, type OutputAnswer, type ParamsSchema, type ParamValues, type RuleAnswer, type RuleBody, type RuleTrigger } from '../../../../common/domains/finview/model.js';
import type { FieldRefusal } from '../../errors.js';
import { createOutput } from './outputs-service.js';
import { checkParams } from './params.js';
import { dueCronTime, isFiveFieldCron, isTimeZone, nextCronTime } from './rule-schedule.js';
import {
  deleteRule,
  enabledRules,
  findRule,
  insertRule,
  isEventRef,
  missingCompanies,
  setLastFired,
  templateForRule,
  updateRule,
  type RuleRow,
  type RuleWrite,
} from './rules-repository.js';

// Rules (docs/finview.md "Rules"): saved recipes that make outputs on an event, on a schedule or
// on demand. Every output a rule makes carries a singleton key `rule:<id>:<filled dedupeKey>`, so
// one event (or one cron minute) never makes two outputs, whoever fires it and however often.

export const DEFAULT_DEDUPE_KEYS: Record<RuleTrigger, string> = {
  event: '{{rule}}:{{event.newsItemId}}',
  schedule: '{{rule}}:{{scheduledAt}}',
  manual: '{{rule}}:{{runId}}',
};

type EventFields = Partial<Record<NewsEventField, string | number>>;

export function ruleAnswer(row: RuleRow, now = new Date()): RuleAnswer {
  const nextRunAt =
    row.trigger === 'schedule' && row.enabled && row.cron
      ? nextCronTime(row.cron, row.timezone, new Date(Math.max(now.getTime(), row.lastFiredAt?.getTime() ?? 0))).toISOString()
      : null;
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    trigger: row.trigger,
    cron: row.cron,
    timezone: row.timezone,
    event: row.event,
    conditions: row.conditions,
    templateId: row.templateId,
    templateName: row.templateName,
    params: row.params,
    title: row.title,
    dedupeKey: row.dedupeKey,
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    nextRunAt,
    outputCount: row.outputCount,
    createdBy: row.createdById === null ? null : { id: row.createdById, username: row.createdByName ?? '' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** `{{name}}` placeholders filled from `values`; unknown ones stay for the renderer (params' `<param>Name`). */
export function fillPlaceholders(text: string, values: Record<string, string | number | boolean | undefined>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** The body checked and completed (defaults), or an HttpError naming every refused field. */
async function checkRule(q: Queryable, input: RuleBody): Promise<RuleWrite> {
  const refused: Record<string, FieldRefusal> = {};
  const name = input.name.trim();
  if (name === '') refused.name = 'notBlank';
  const timezone = input.timezone?.trim() || 'UTC';
  if (!isTimeZone(timezone)) refused.timezone = 'finviewTimezone';
  const cron = input.trigger === 'schedule' ? (input.cron ?? '').trim() : null;
  if (cron !== null && !isFiveFieldCron(cron)) refused.cron = cron === '' ? 'required' : 'finviewCron';
  const event = input.trigger === 'event' ? (input.event ?? null) : null;
  if (input.trigger === 'event' && event === null) refused.event = 'required';
  const companyIds = [...new Set(input.conditions?.companyIds ?? [])];
  for (const id of await missingCompanies(q, companyIds)) refused[`conditions.companyIds.${companyIds.indexOf(id)}`] = 'companyMissing';

  const params = input.params ?? {};
  const constants: ParamValues = {};
  for (const [key, value] of Object.entries(params)) {
    if (!isEventRef(value)) constants[key] = value;
    else if (input.trigger !== 'event' || !NEWS_EVENT_FIELDS.includes(value.event)) {
      refused[`params.${key}`] = { code: 'finviewEventParam', params: { fields: NEWS_EVENT_FIELDS.join(', ') } };
    }
  }
  const template = await templateForRule(q, input.templateId);
  if (!template || template.archived) throw new HttpError(404, 'finviewTemplateNotFound');
  if (template.publishedVersion === null) throw new HttpError(409, 'finviewNotPublished');
  // Params are checked as for outputs; a param an event fills is checked when it fires.
  const checked = checkParams(template.paramsSchema as ParamsSchema, constants);
  if (!checked.ok) {
    for (const [field, reason] of Object.entries(checked.reasons)) {
      const key = field.replace(/^params\./, '');
      if (!(key in params) || !isEventRef(params[key])) refused[field] = reason;
    }
  }
  if (Object.keys(refused).length > 0) throw new HttpError(422, 'validation', refused);
  return {
    name,
    enabled: input.enabled,
    trigger: input.trigger,
    cron,
    timezone,
    event,
    conditions: event ? { companyIds } : {},
    templateId: input.templateId,
    params,
    title: (input.title ?? '').trim(),
    dedupeKey: input.dedupeKey?.trim() || DEFAULT_DEDUPE_KEYS[input.trigger],
  };
}

function found(row: RuleRow | null): RuleRow {
  if (!row) throw new HttpError(404, 'finviewRuleNotFound');
  return row;
}

export async function getRule(q: Queryable, id: number): Promise<RuleAnswer> {
  return ruleAnswer(found(await findRule(q, id)));
}

export async function createRule(fastify: FastifyInstance, actor: AuditActor, input: RuleBody): Promise<RuleAnswer> {
  return fastify.db.transaction(async (tx) => {
    const id = await insertRule(tx, await checkRule(tx, input), actor.id);
    const after = ruleAnswer(found(await findRule(tx, id)));
    await recordAudit(tx, { actor, entity: 'finview_rule', entityId: String(id), action: 'create', after });
    return after;
  });
}

export async function changeRule(fastify: FastifyInstance, actor: AuditActor, id: number, input: RuleBody & { version: number }): Promise<RuleAnswer> {
  return fastify.db.transaction(async (tx) => {
    const stored = found(await findRule(tx, id, { lock: true }));
    if (stored.version !== input.version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: stored.version } });
    await updateRule(tx, id, await checkRule(tx, input), actor.id);
    const after = ruleAnswer(found(await findRule(tx, id)));
    await recordAudit(tx, { actor, entity: 'finview_rule', entityId: String(id), action: 'update', before: ruleAnswer(stored), after });
    return after;
  });
}

export async function removeRule(fastify: FastifyInstance, actor: AuditActor, id: number): Promise<void> {
  await fastify.db.transaction(async (tx) => {
    const stored = found(await findRule(tx, id, { lock: true }));
    await deleteRule(tx, id);
    await recordAudit(tx, { actor, entity: 'finview_rule', entityId: String(id), action: 'delete', before: ruleAnswer(stored) });
  });
}

interface Firing {
  origin: 'rule' | 'schedule';
  event?: NewsApprovedEvent;
  scheduledAt?: Date;
  runId?: string;
  /** Manual runs: the caller; otherwise the rule's creator (or the system). */
  actor?: AuditActor;
}

/** Makes the rule's output for one firing inside `tx`; `created: false` when its key already had one. */
async function fire(fastify: FastifyInstance, tx: Queryable, rule: RuleRow, firing: Firing): Promise<{ output: OutputAnswer; created: boolean }> {
  const event: EventFields | undefined = firing.event
    ? Object.fromEntries(NEWS_EVENT_FIELDS.map((field) => [field, (firing.event as NewsApprovedEvent)[field]]))
    : undefined;
  const params: ParamValues = {};
  for (const [key, value] of Object.entries(rule.params)) {
    if (!isEventRef(value)) params[key] = value;
    else if (event?.[value.event] !== undefined) params[key] = event[value.event] as string | number;
  }
  const values: Record<string, string | number | boolean | undefined> = {
    ...params,
    rule: rule.id,
    scheduledAt: firing.scheduledAt?.toISOString(),
    runId: firing.runId,
    ...Object.fromEntries(Object.entries(event ?? {}).map(([field, value]) => [`event.${field}`, value])),
  };
  const key = firing.runId ? `run:${firing.runId}` : fillPlaceholders(rule.dedupeKey, values);
  const title = fillPlaceholders(rule.title, values);
  const creator = rule.createdById === null ? null : { id: rule.createdById, username: rule.createdByName ?? '' };
  const actor = firing.actor ? { id: Number(firing.actor.id), username: firing.actor.username } : (creator ?? { id: null, username: 'system' });
  const made = await createOutput(fastify, tx, {
    templateId: rule.templateId,
    params,
    ...(title ? { title } : {}),
    origin: firing.origin,
    createdBy: rule.createdById,
    actor,
    ruleId: rule.id,
    ...(event ? { event } : {}),
    singletonKey: `rule:${rule.id}:${key}`,
  });
  if (made.created) await setLastFired(tx, rule.id, firing.scheduledAt ?? new Date());
  return made;
}

/** POST rules/:id/run: one output now, whatever the trigger (a manual run never repeats an earlier one). */
export async function runRule(fastify: FastifyInstance, actor: AuditActor, id: number): Promise<OutputAnswer> {
  return fastify.db.transaction(async (tx) => {
    const rule = found(await findRule(tx, id, { lock: true }));
    const { output } = await fire(fastify, tx, rule, { origin: 'rule', runId: randomUUID(), actor });
    await recordAudit(tx, { actor, entity: 'finview_rule', entityId: String(id), action: 'run', after: { outputId: output.id } });
    return output;
  });
}

/**
 * Runs `work` in a savepoint of `tx`: a rule that cannot fire (its template archived since, a
 * param the event cannot fill) is logged and skipped, and does not undo the change that fired it.
 */
async function isolated(fastify: FastifyInstance, tx: Queryable, rule: RuleRow, work: () => Promise<unknown>): Promise<void> {
  await tx.query('SAVEPOINT finview_rule');
  try {
    await work();
    await tx.query('RELEASE SAVEPOINT finview_rule');
  } catch (error) {
    await tx.query('ROLLBACK TO SAVEPOINT finview_rule');
    fastify.log.warn({ err: error, ruleId: rule.id }, 'a finview rule could not fire');
  }
}

/** `news.approved` inside the news status change's transaction: each matching enabled event rule makes an output per item. */
export async function fireEventRules(fastify: FastifyInstance, tx: Queryable, events: readonly NewsApprovedEvent[]): Promise<void> {
  const rules = await enabledRules(tx, 'event', 'news.approved');
  for (const event of events) {
    for (const rule of rules) {
      const watched = rule.conditions.companyIds ?? [];
      if (watched.length > 0 && !watched.includes(Number(event.companyId))) continue;
      await isolated(fastify, tx, rule, () => fire(fastify, tx, rule, { origin: 'rule', event }));
    }
  }
}

/** One tick: each enabled schedule rule due at `now` fires for its cron minute, each in its own transaction. */
export async function fireDueSchedules(fastify: FastifyInstance, now: Date): Promise<number> {
  let fired = 0;
  for (const candidate of await enabledRules(fastify.db, 'schedule')) {
    await fastify.db.transaction(async (tx) => {
      const rule = await findRule(tx, candidate.id, { lock: true });
      if (!rule?.enabled || rule.trigger !== 'schedule' || !rule.cron) return;
      const scheduledAt = dueCronTime(rule.cron, rule.timezone, rule.lastFiredAt ?? rule.createdAt, now);
      if (!scheduledAt) return;
      await isolated(fastify, tx, rule, async () => {
        const made = await fire(fastify, tx, rule, { origin: 'schedule', scheduledAt });
        if (made.created) fired += 1;
        // A key that already had its output (another instance, a restart) still moves the rule on.
        else await setLastFired(tx, rule.id, scheduledAt);
      });
    });
  }
  return fired;
}
