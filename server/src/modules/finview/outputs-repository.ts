import type { Queryable } from '../../db/index.js';
import { containsPattern, isoOf, limitOffset, orderBy, type Page } from '../../lib/paging.js';
import type { Approval, OutputAnswer, OutputOrigin, OutputStatus, ParamValues, TemplateKind } from '../../../../common/domains/finview/model.js';

// finview_outputs (migration 016) as answers: status, progress, attempts and error are the
// render job's (`jobs`), names are joined, `expiresAt` follows the settings' retention.

/** The stored row an action needs (blobs, state), beside its answer. */
export interface OutputRow {
  id: number;
  kind: TemplateKind;
  jobId: string;
  status: OutputStatus;
  approval: Approval;
  createdBy: number | null;
  ruleCreatedBy: number | null;
  videoBlobId: string | null;
  posterBlobId: string | null;
  pdfBlobId: string | null;
  title: string;
  version: number;
}

const SELECT = `SELECT o.id::int AS id, o.kind, o.title, o.template_id::int AS "templateId", t.name AS "templateName",
    o.template_version AS "templateVersion", o.params, j.status, j.progress, j.error, j.attempts, o.job_id::text AS "jobId",
    o.origin, o.rule_id::int AS "ruleId", r.name AS "ruleName", o.created_by::int AS "createdById", cu.username AS "createdByName",
    o.width, o.height, o.fps, o.duration_seconds AS "durationSeconds", o.pages, o.bytes::float8 AS bytes,
    o.poster_blob_id IS NOT NULL AS "hasPoster", o.approval, o.approved_by::int AS "approvedById", au.username AS "approvedByName",
    o.approved_at AS "approvedAt", o.created_at AS "createdAt", j.finished_at AS "finishedAt",
    CASE WHEN o.approval = 'none' THEN o.created_at + make_interval(days => s.retention_days) END AS "expiresAt", o.version,
    COALESCE(o.created_by, r.created_by)::text AS "makerId"`;
const FROM = `FROM finview_outputs o
  JOIN jobs j ON j.id = o.job_id
  JOIN finview_templates t ON t.id = o.template_id
  CROSS JOIN finview_settings s
  LEFT JOIN finview_rules r ON r.id = o.rule_id
  LEFT JOIN users cu ON cu.id = o.created_by
  LEFT JOIN users au ON au.id = o.approved_by`;

type Raw = Record<string, unknown>;
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : isoOf(value));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function answer(row: Raw): OutputAnswer {
  return {
    id: row.id as number,
    kind: row.kind as TemplateKind,
    title: row.title as string,
    templateId: row.templateId as number,
    templateName: row.templateName as string,
    templateVersion: row.templateVersion as number,
    params: row.params as ParamValues,
    status: row.status as OutputStatus,
    progress: Number(row.progress),
    error: (row.error as string | null) ?? null,
    attempts: Number(row.attempts),
    jobId: row.jobId as string,
    origin: row.origin as OutputOrigin,
    rule: row.ruleId === null ? null : { id: row.ruleId as number, name: (row.ruleName as string | null) ?? '' },
    createdBy: row.createdById === null ? null : { id: row.createdById as number, username: (row.createdByName as string | null) ?? '' },
    width: numberOrNull(row.width),
    height: numberOrNull(row.height),
    fps: numberOrNull(row.fps),
    durationSeconds: numberOrNull(row.durationSeconds),
    pages: numberOrNull(row.pages),
    bytes: numberOrNull(row.bytes),
    hasPoster: row.hasPoster as boolean,
    approval: row.approval as Approval,
    approvedBy: row.approvedById === null ? null : { id: row.approvedById as number, username: (row.approvedByName as string | null) ?? '' },
    approvedAt: dateOrNull(row.approvedAt),
    createdAt: isoOf(row.createdAt),
    finishedAt: dateOrNull(row.finishedAt),
    expiresAt: dateOrNull(row.expiresAt),
    version: row.version as number,
    makerId: (row.makerId as string | null) ?? null,
  };
}

export async function outputAnswer(q: Queryable, id: number): Promise<OutputAnswer | null> {
  const { rows } = await q.query<Raw>(`${SELECT} ${FROM} WHERE o.id = $1`, [id]);
  return rows[0] ? answer(rows[0]) : null;
}

export async function outputByJob(q: Queryable, jobId: string): Promise<OutputAnswer | null> {
  const { rows } = await q.query<Raw>(`${SELECT} ${FROM} WHERE o.job_id = $1`, [jobId]);
  return rows[0] ? answer(rows[0]) : null;
}

/** The row as an action reads it, locked (FOR UPDATE OF the output) inside the action's transaction. */
export async function lockOutput(q: Queryable, id: number): Promise<OutputRow | null> {
  const { rows } = await q.query<OutputRow>(
    `SELECT o.id::int AS id, o.kind, o.job_id::text AS "jobId", j.status, o.approval, o.created_by::int AS "createdBy",
       r.created_by::int AS "ruleCreatedBy", o.video_blob_id AS "videoBlobId", o.poster_blob_id AS "posterBlobId",
       o.pdf_blob_id AS "pdfBlobId", o.title, o.version
     FROM finview_outputs o JOIN jobs j ON j.id = o.job_id LEFT JOIN finview_rules r ON r.id = o.rule_id
     WHERE o.id = $1 FOR UPDATE OF o`,
    [id],
  );
  return rows[0] ?? null;
}

export interface OutputListQuery {
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: string | undefined;
  kind?: TemplateKind | undefined;
  status?: OutputStatus | undefined;
  approval?: Approval | undefined;
  templateId?: number | undefined;
  ruleId?: number | undefined;
  createdBy?: number | undefined;
  q?: string | undefined;
}

export const OUTPUT_SORTS = { title: 'o.title', createdAt: 'o.created_at', status: 'j.status' } as const;

export async function listOutputs(q: Queryable, query: OutputListQuery, defaultPageSize: number): Promise<Page<OutputAnswer>> {
  const params: unknown[] = [];
  const where: string[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.kind) where.push(`o.kind = ${bind(query.kind)}`);
  if (query.status) where.push(`j.status = ${bind(query.status)}`);
  if (query.approval) where.push(`o.approval = ${bind(query.approval)}`);
  if (query.templateId !== undefined) where.push(`o.template_id = ${bind(query.templateId)}`);
  if (query.ruleId !== undefined) where.push(`o.rule_id = ${bind(query.ruleId)}`);
  if (query.createdBy !== undefined) where.push(`o.created_by = ${bind(query.createdBy)}`);
  const pattern = containsPattern(query.q);
  if (pattern) where.push(`(o.title ILIKE ${bind(pattern)} OR t.name ILIKE $${params.length})`);
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const order = orderBy(query.sort, OUTPUT_SORTS, 'o.created_at DESC', `o.id ${query.sort?.endsWith(':asc') ? 'ASC' : 'DESC'}`);
  const { limit, offset } = limitOffset({ page: query.page, pageSize: query.pageSize ?? defaultPageSize });
  const countParams = [...params];
  const { rows } = await q.query<Raw>(`${SELECT} ${FROM} ${whereSql} ORDER BY ${order} LIMIT ${bind(limit)} OFFSET ${bind(offset)}`, params);
  const counted = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM finview_outputs o JOIN jobs j ON j.id = o.job_id JOIN finview_templates t ON t.id = o.template_id ${whereSql}`,
    countParams,
  );
  return { rows: rows.map(answer), total: counted.rows[0]?.total ?? 0 };
}
