import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../../common/config/schema.js';
import type { Queryable } from '../../db/index.js';
import { HttpError, orNotFound, type FieldRefusal } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { containsPattern, isoOf, isUniqueViolation, limitOffset, orderBy, type Page, type PageRequest } from '../../lib/paging.js';
import type {
  Bindings,
  ParamsSchema,
  TemplateBody,
  TemplateDetail,
  TemplateKind,
  TemplateSummary,
  TemplateVersion,
  UserRef,
  VersionSummary,
} from '../../../../common/domains/finview/model.js';
import { checkVideoTemplate, type VideoTemplate } from '../../../../common/domains/finview/template.js';
import { checkReportTemplate } from '../../../../common/domains/finview/report-template.js';
import { checkBindings } from './bindings.js';
import { paramsSchemaProblems } from './params.js';
import { readSettings, type StoredSettings } from './settings.js';
import { starterTemplate } from './starter-templates.js';
import { assertTemplateImages } from './template-images.js';

// Versioned templates (docs/finview.md "Templates"): one draft at most, published versions
// never change (the DB trigger refuses it too), archive instead of delete.

const ENTITY = 'finview_template';
/** A draft is stored as sent; this bounds what one row may hold. */
const MAX_DRAFT_CHARS = 8_000_000;

const ref = (id: number | null, username: string | null): UserRef | null => (id === null || username === null ? null : { id, username });

/** A summary as read: the answer's fields, with its users as ids and names and its times as dates. */
type SummaryRow = Omit<TemplateSummary, 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt'> & {
  createdById: number | null;
  createdByName: string | null;
  updatedById: number | null;
  updatedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const SUMMARY_SQL = `SELECT t.id::int AS id, t.name, t.kind, t.description, t.latest_version AS "latestVersion", t.published_version AS "publishedVersion",
    (SELECT v.version FROM finview_template_versions v WHERE v.template_id = t.id AND v.status = 'draft') AS "draftVersion",
    t.archived, t.created_by::int AS "createdById", cu.username AS "createdByName", t.updated_by::int AS "updatedById", uu.username AS "updatedByName",
    t.created_at AS "createdAt", t.updated_at AS "updatedAt", t.version
  FROM finview_templates t LEFT JOIN users cu ON cu.id = t.created_by LEFT JOIN users uu ON uu.id = t.updated_by`;

function summary(row: SummaryRow): TemplateSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    description: row.description,
    latestVersion: row.latestVersion,
    publishedVersion: row.publishedVersion,
    draftVersion: row.draftVersion,
    archived: row.archived,
    createdBy: ref(row.createdById, row.createdByName),
    updatedBy: ref(row.updatedById, row.updatedByName),
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    version: row.version,
  };
}

interface VersionRow {
  templateId: number;
  kind: TemplateKind;
  version: number;
  status: 'draft' | 'published';
  body: TemplateBody;
  paramsSchema: ParamsSchema;
  bindings: Bindings;
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  publishedById: number | null;
  publishedByName: string | null;
  publishedAt: Date | null;
}

const VERSION_SQL = `SELECT v.template_id::int AS "templateId", t.kind, v.version, v.status, v.body, v.params_schema AS "paramsSchema", v.bindings,
    v.created_by::int AS "createdById", cu.username AS "createdByName", v.created_at AS "createdAt", v.updated_at AS "updatedAt",
    v.published_by::int AS "publishedById", pu.username AS "publishedByName", v.published_at AS "publishedAt"
  FROM finview_template_versions v JOIN finview_templates t ON t.id = v.template_id
  LEFT JOIN users cu ON cu.id = v.created_by LEFT JOIN users pu ON pu.id = v.published_by`;

function versionSummary(row: VersionRow): VersionSummary {
  return {
    version: row.version,
    status: row.status,
    createdBy: ref(row.createdById, row.createdByName),
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    publishedBy: ref(row.publishedById, row.publishedByName),
    publishedAt: row.publishedAt === null ? null : isoOf(row.publishedAt),
  };
}

function versionAnswer(row: VersionRow): TemplateVersion {
  return { ...versionSummary(row), templateId: row.templateId, kind: row.kind, body: row.body, paramsSchema: row.paramsSchema, bindings: row.bindings };
}

export interface ListQuery extends PageRequest {
  kind?: TemplateKind | undefined;
  q?: string | undefined;
  archived?: boolean | undefined;
}

export interface DraftInput {
  body: unknown;
  paramsSchema: unknown;
  bindings: unknown;
  version: number;
}

/** Problems of a body for its kind, as the template schemas say. */
export function bodyProblems(kind: TemplateKind, body: unknown): string[] {
  const checked = kind === 'video' ? checkVideoTemplate(body) : checkReportTemplate(body);
  return checked.ok ? [] : checked.problems;
}

/** 422 `finviewTemplateInvalid` with the problems listed in `errors.body` (one English text). */
export function invalidTemplate(problems: string[], field = 'body'): HttpError {
  const error = new HttpError(422, 'finviewTemplateInvalid', { [field]: 'invalid' });
  // The schema's own wording: a list the editor shows as is (no catalogue code fits each line).
  (error.errors as Record<string, string>)[field] = problems.join('\n');
  return error;
}

/** Body within the settings' caps (video): refusals keyed body.size / body.fps / body.durationSeconds. */
export function capRefusals(kind: TemplateKind, body: TemplateBody, settings: StoredSettings): Record<string, FieldRefusal> {
  if (kind !== 'video') return {};
  const video = body as VideoTemplate;
  const refusals: Record<string, FieldRefusal> = {};
  if (video.size.width > settings.maxWidth) refusals['body.size'] = { code: 'maxValue', params: { max: settings.maxWidth } };
  else if (video.size.height > settings.maxHeight) refusals['body.size'] = { code: 'maxValue', params: { max: settings.maxHeight } };
  if (video.fps > settings.maxFps) refusals['body.fps'] = { code: 'maxValue', params: { max: settings.maxFps } };
  if (video.durationSeconds > settings.maxDurationSeconds) refusals['body.durationSeconds'] = { code: 'maxValue', params: { max: settings.maxDurationSeconds } };
  return refusals;
}

/** The full check publish and preview share: body, caps, paramsSchema, bindings, widgets. */
export async function fullCheck(q: Queryable, kind: TemplateKind, body: unknown, paramsSchema: unknown, bindings: unknown, config: AppConfig): Promise<void> {
  const problems = bodyProblems(kind, body);
  if (problems.length > 0) throw invalidTemplate(problems);
  await assertTemplateImages(body);
  const schemaProblems = paramsSchemaProblems(paramsSchema);
  if (schemaProblems.length > 0) throw invalidTemplate(schemaProblems, 'paramsSchema');
  const caps = capRefusals(kind, body as TemplateBody, await readSettings(q));
  if (Object.keys(caps).length > 0) throw new HttpError(422, 'validation', caps);
  if (typeof bindings !== 'object' || bindings === null || Array.isArray(bindings)) throw new HttpError(422, 'validation', { bindings: { code: 'type', params: { type: 'object' } } });
  const refusals = await checkBindings(q, body as TemplateBody, bindings as Bindings, paramsSchema as ParamsSchema, config);
  if (Object.keys(refusals).length > 0) throw new HttpError(422, 'validation', refusals);
}

export function createTemplatesService(fastify: FastifyInstance) {
  const { db } = fastify;

  async function summaryOf(q: Queryable, id: number): Promise<SummaryRow> {
    const { rows } = await q.query<SummaryRow>(`${SUMMARY_SQL} WHERE t.id = $1`, [id]);
    return orNotFound(rows[0], 'finviewTemplateNotFound');
  }

  async function detail(q: Queryable, id: number): Promise<TemplateDetail> {
    const row = await summaryOf(q, id);
    const { rows } = await q.query<VersionRow>(`${VERSION_SQL} WHERE v.template_id = $1 ORDER BY v.version DESC`, [id]);
    return { ...summary(row), versions: rows.map(versionSummary) };
  }

  async function versionOf(q: Queryable, id: number, version: number): Promise<VersionRow> {
    await summaryOf(q, id);
    const { rows } = await q.query<VersionRow>(`${VERSION_SQL} WHERE v.template_id = $1 AND v.version = $2`, [id, version]);
    return orNotFound(rows[0], 'finviewVersionNotFound');
  }

  /** The template row locked for a write; 409 staleEdit when it moved past `version`. */
  async function locked(tx: Queryable, id: number, version: number | undefined): Promise<SummaryRow> {
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM finview_templates WHERE id = $1 FOR UPDATE', [id]);
    const found = orNotFound(rows[0], 'finviewTemplateNotFound');
    if (version !== undefined && found.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: found.version } });
    return summaryOf(tx, id);
  }

  async function touch(tx: Queryable, id: number, actor: AuditActor, set = ''): Promise<void> {
    await tx.query(`UPDATE finview_templates SET ${set}updated_by = $2, updated_at = now(), version = version + 1 WHERE id = $1`, [id, actor.id]);
  }

  return {
    async list(query: ListQuery): Promise<Page<TemplateSummary>> {
      const where = ['t.archived = $1', '($2::text IS NULL OR t.kind = $2)', "($3::text IS NULL OR t.name ILIKE $3 OR t.description ILIKE $3)"];
      const params = [query.archived ?? false, query.kind ?? null, containsPattern(query.q)];
      const order = orderBy(query.sort, { name: 'lower(t.name)', updatedAt: 't.updated_at', createdAt: 't.created_at' }, 't.updated_at DESC', 't.id DESC');
      const { limit, offset } = limitOffset(query);
      const { rows } = await db.query<SummaryRow>(`${SUMMARY_SQL} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, params);
      const { rows: counted } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM finview_templates t WHERE ${where.join(' AND ')}`, params);
      return { rows: rows.map(summary), total: Number(counted[0]?.n ?? 0) };
    },

    show: (id: number) => detail(db, id),
    version: async (id: number, version: number) => versionAnswer(await versionOf(db, id, version)),

    async create(actor: AuditActor, input: { name: string; kind: TemplateKind; description?: string | undefined }): Promise<TemplateDetail> {
      const name = input.name.trim();
      if (!name) throw new HttpError(422, 'validation', { name: 'notBlank' });
      try {
        return await db.transaction(async (tx) => {
          const starter = starterTemplate(input.kind, name, await readSettings(tx));
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO finview_templates (name, kind, description, created_by, updated_by) VALUES ($1, $2, $3, $4, $4) RETURNING id::int AS id`,
            [name, input.kind, input.description ?? '', actor.id],
          );
          const id = rows[0]!.id;
          await tx.query(
            `INSERT INTO finview_template_versions (template_id, version, body, params_schema, bindings, created_by) VALUES ($1, 1, $2::jsonb, $3::jsonb, $4::jsonb, $5)`,
            [id, JSON.stringify(starter.body), JSON.stringify(starter.paramsSchema), JSON.stringify(starter.bindings), actor.id],
          );
          const answer = await detail(tx, id);
          await recordAudit(tx, { actor, entity: ENTITY, entityId: String(id), action: 'create', after: { name, kind: input.kind, description: answer.description } });
          return answer;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'recordTaken', { name: 'nameTaken' });
        throw error;
      }
    },

    async saveDraft(actor: AuditActor, id: number, input: DraftInput): Promise<TemplateVersion> {
      const size = JSON.stringify([input.body, input.paramsSchema, input.bindings]).length;
      if (size > MAX_DRAFT_CHARS) throw new HttpError(422, 'validation', { body: { code: 'tooLarge', params: { limit: MAX_DRAFT_CHARS } } });
      const shapes: Record<string, FieldRefusal> = {};
      for (const field of ['body', 'paramsSchema', 'bindings'] as const) {
        const value = input[field];
        if (typeof value !== 'object' || value === null || Array.isArray(value)) shapes[field] = { code: 'type', params: { type: 'object' } };
      }
      if (Object.keys(shapes).length > 0) throw new HttpError(422, 'validation', shapes);
      // A logo that would decode to too many pixels is refused where it is entered.
      await assertTemplateImages(input.body);
      return db.transaction(async (tx) => {
        const template = await locked(tx, id, input.version);
        if (template.archived) throw new HttpError(404, 'finviewTemplateNotFound');
        const values = [JSON.stringify(input.body), JSON.stringify(input.paramsSchema), JSON.stringify(input.bindings)];
        let version = template.draftVersion;
        let before: VersionRow | undefined;
        if (version === null) {
          version = template.latestVersion + 1;
          await tx.query(
            `INSERT INTO finview_template_versions (template_id, version, body, params_schema, bindings, created_by) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6)`,
            [id, version, ...values, actor.id],
          );
          await touch(tx, id, actor, `latest_version = ${Number(version)}, `);
        } else {
          before = await versionOf(tx, id, version);
          await tx.query(
            `UPDATE finview_template_versions SET body = $3::jsonb, params_schema = $4::jsonb, bindings = $5::jsonb, updated_at = now() WHERE template_id = $1 AND version = $2 AND status = 'draft'`,
            [id, version, ...values],
          );
          await touch(tx, id, actor);
        }
        const after = await versionOf(tx, id, version);
        const content = (row: VersionRow | undefined) => (row ? { version: row.version, body: row.body, paramsSchema: row.paramsSchema, bindings: row.bindings } : undefined);
        await recordAudit(tx, { actor, entity: ENTITY, entityId: String(id), action: 'update', before: content(before), after: content(after) });
        return versionAnswer(after);
      });
    },

    async publish(actor: AuditActor, id: number, version: number): Promise<TemplateDetail> {
      return db.transaction(async (tx) => {
        const template = await locked(tx, id, version);
        if (template.archived) throw new HttpError(404, 'finviewTemplateNotFound');
        // Nothing to publish: the latest version is already published (and so immutable).
        if (template.draftVersion === null) throw new HttpError(409, 'finviewPublished');
        const draft = await versionOf(tx, id, template.draftVersion);
        await fullCheck(tx, template.kind, draft.body, draft.paramsSchema, draft.bindings, await fastify.appConfig.current());
        await tx.query(`UPDATE finview_template_versions SET status = 'published', published_by = $3, published_at = now(), updated_at = now() WHERE template_id = $1 AND version = $2`, [
          id,
          draft.version,
          actor.id,
        ]);
        await touch(tx, id, actor, `published_version = ${Number(draft.version)}, `);
        await recordAudit(tx, { actor, entity: ENTITY, entityId: String(id), action: 'publish', before: { publishedVersion: template.publishedVersion }, after: { publishedVersion: draft.version } });
        return detail(tx, id);
      });
    },

    async archive(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const template = await locked(tx, id, undefined);
        if (template.archived) return;
        await touch(tx, id, actor, 'archived = true, ');
        await recordAudit(tx, { actor, entity: ENTITY, entityId: String(id), action: 'archive', before: { archived: false }, after: { archived: true } });
      });
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
