import type { Queryable } from '../../db/index.js';
import { isoOf } from '../../lib/paging.js';
import type { NewsEventField, RuleAnswer, RuleEvent, RuleTrigger } from '../../../../common/domains/finview/model.js';

// SQL of finview_rules (migration 016). Answers are built by the service (nextRunAt needs the clock).

export type RuleParams = RuleAnswer['params'];

/** What a create or an update writes. */
export interface RuleWrite {
  name: string;
  enabled: boolean;
  trigger: RuleTrigger;
  cron: string | null;
  timezone: string;
  event: RuleEvent | null;
  conditions: { companyIds?: number[] };
  templateId: number;
  params: RuleParams;
  title: string;
  dedupeKey: string;
}

/** A rule as stored (what was written), with what its answer shows beside it. */
export interface RuleRow extends RuleWrite {
  id: number;
  templateName: string;
  lastFiredAt: Date | null;
  outputCount: number;
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const SELECT = `SELECT r.id::int AS id, r.name, r.enabled, r.trigger, r.cron, r.timezone, r.event, r.conditions,
         r.template_id::int AS "templateId", t.name AS "templateName", r.params, r.title, r.dedupe_key AS "dedupeKey",
         r.last_fired_at AS "lastFiredAt",
         (SELECT count(*)::int FROM finview_outputs o WHERE o.rule_id = r.id) AS "outputCount",
         r.created_by::int AS "createdById", u.username AS "createdByName",
         r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.version
  FROM finview_rules r
  JOIN finview_templates t ON t.id = r.template_id
  LEFT JOIN users u ON u.id = r.created_by`;

function normalise(row: RuleRow): RuleRow {
  return {
    ...row,
    lastFiredAt: row.lastFiredAt === null ? null : new Date(isoOf(row.lastFiredAt)),
    createdAt: new Date(isoOf(row.createdAt)),
    updatedAt: new Date(isoOf(row.updatedAt)),
  };
}

export const SORT_COLUMNS: Record<string, string> = {
  name: 'lower(r.name)',
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
  lastFiredAt: 'r.last_fired_at',
  trigger: 'r.trigger',
};

export async function listRules(q: Queryable, order: string, limit: number, offset: number): Promise<{ rows: RuleRow[]; total: number }> {
  const [{ rows }, count] = [await q.query<RuleRow>(`${SELECT} ORDER BY ${order} LIMIT $1 OFFSET $2`, [limit, offset]), await q.query<{ n: number }>('SELECT count(*)::int AS n FROM finview_rules')];
  return { rows: rows.map(normalise), total: count.rows[0]?.n ?? 0 };
}

export async function findRule(q: Queryable, id: number, options: { lock?: boolean } = {}): Promise<RuleRow | null> {
  const { rows } = await q.query<RuleRow>(`${SELECT} WHERE r.id = $1${options.lock ? ' FOR UPDATE OF r' : ''}`, [id]);
  return rows[0] ? normalise(rows[0]) : null;
}

/** Enabled rules of a trigger (and event), oldest first: the order they fire in. */
export async function enabledRules(q: Queryable, trigger: RuleTrigger, event?: RuleEvent): Promise<RuleRow[]> {
  const { rows } = await q.query<RuleRow>(
    `${SELECT} WHERE r.enabled AND r.trigger = $1 AND ($2::text IS NULL OR r.event = $2) ORDER BY r.id`,
    [trigger, event ?? null],
  );
  return rows.map(normalise);
}

function writeParams(rule: RuleWrite): unknown[] {
  return [
    rule.name,
    rule.enabled,
    rule.trigger,
    rule.cron,
    rule.timezone,
    rule.event,
    JSON.stringify(rule.conditions),
    rule.templateId,
    JSON.stringify(rule.params),
    rule.title,
    rule.dedupeKey,
  ];
}

export async function insertRule(q: Queryable, rule: RuleWrite, userId: string): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO finview_rules (name, enabled, trigger, cron, timezone, event, conditions, template_id, params, title, dedupe_key, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10, $11, $12, $12) RETURNING id::int AS id`,
    [...writeParams(rule), userId],
  );
  return (rows[0] as { id: number }).id;
}

export async function updateRule(q: Queryable, id: number, rule: RuleWrite, userId: string): Promise<void> {
  await q.query(
    `UPDATE finview_rules SET name = $1, enabled = $2, trigger = $3, cron = $4, timezone = $5, event = $6, conditions = $7::jsonb,
       template_id = $8, params = $9::jsonb, title = $10, dedupe_key = $11, updated_by = $12, updated_at = now(), version = version + 1
     WHERE id = $13`,
    [...writeParams(rule), userId, id],
  );
}

export async function deleteRule(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM finview_rules WHERE id = $1', [id]);
}

export async function setLastFired(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query('UPDATE finview_rules SET last_fired_at = greatest(last_fired_at, $2::timestamptz) WHERE id = $1', [id, at.toISOString()]);
}

/** The ids of `ids` that name no company. */
export async function missingCompanies(q: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<{ id: number }>(
    `SELECT wanted.id::int AS id FROM unnest($1::bigint[]) AS wanted (id)
     WHERE NOT EXISTS (SELECT 1 FROM companies c WHERE c.company_id = wanted.id)`,
    [ids],
  );
  return rows.map((row) => row.id);
}

/** A template and its published version's params schema, or null when there is no such template. */
export async function templateForRule(q: Queryable, id: number): Promise<{ archived: boolean; publishedVersion: number | null; paramsSchema: unknown } | null> {
  const { rows } = await q.query<{ archived: boolean; publishedVersion: number | null; paramsSchema: unknown }>(
    `SELECT t.archived, t.published_version AS "publishedVersion", v.params_schema AS "paramsSchema"
     FROM finview_templates t
     LEFT JOIN finview_template_versions v ON v.template_id = t.id AND v.version = t.published_version
     WHERE t.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export function isEventRef(value: unknown): value is { event: NewsEventField } {
  return typeof value === 'object' && value !== null && 'event' in value;
}
