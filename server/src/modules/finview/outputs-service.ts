import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { RENDER_QUEUE } from './render/render-queue.js';
import type { Bindings, NewsEventField, OutputAnswer, OutputOrigin, ParamsSchema, ParamValues, TemplateBody, TemplateKind } from '../../../../common/domains/finview/model.js';
import type { VideoTemplate } from '../../../../common/domains/finview/template.js';
import { resolveBindings } from './bindings.js';
import { outputAnswer, outputByJob } from './outputs-repository.js';
import { checkParams } from './params.js';
import { fileNameOf, withWatermark } from './prepare.js';
import { REPORT_QUEUE } from './report-queue.js';
import { readSettings } from './settings.js';
import { assertDataImages, assertTemplateImages } from './template-images.js';

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

export const queueOf = (kind: TemplateKind) => (kind === 'video' ? RENDER_QUEUE : REPORT_QUEUE);

export function auditActor(actor: NewOutput['actor']): AuditActor | null {
  return actor.id === null ? null : { id: String(actor.id), username: actor.username };
}

interface PublishedTemplate {
  name: string;
  kind: TemplateKind;
  archived: boolean;
  publishedVersion: number | null;
  body: TemplateBody | null;
  paramsSchema: ParamsSchema | null;
  bindings: Bindings | null;
}

function defaultTitle(name: string): string {
  return `${name} ${new Date().toISOString().slice(0, 10)}`.slice(0, 200);
}

/**
 * Creates an output and queues its render inside `tx`: the published version, params checked,
 * bindings resolved now (a retry renders the same data). `created: false` when the singleton key
 * already had one (that output is returned). Throws HttpError (404, 409 finviewNotPublished, 422).
 */
export async function createOutput(fastify: FastifyInstance, tx: Queryable, input: NewOutput): Promise<{ output: OutputAnswer; created: boolean }> {
  const { rows } = await tx.query<PublishedTemplate>(
    `SELECT t.name, t.kind, t.archived, t.published_version AS "publishedVersion", v.body, v.params_schema AS "paramsSchema", v.bindings
     FROM finview_templates t LEFT JOIN finview_template_versions v ON v.template_id = t.id AND v.version = t.published_version AND v.status = 'published'
     WHERE t.id = $1`,
    [input.templateId],
  );
  const template = rows[0];
  if (!template || template.archived) throw new HttpError(404, 'finviewTemplateNotFound');
  if (template.publishedVersion === null || !template.body) throw new HttpError(409, 'finviewNotPublished');
  const checked = checkParams(template.paramsSchema ?? { type: 'object', properties: {} }, input.params);
  if (!checked.ok) {
    const fields = Object.fromEntries(Object.entries(checked.reasons));
    throw new HttpError(422, 'validation', fields);
  }
  const params = checked.value;
  const data = await resolveBindings(fastify, tx, { body: template.body, bindings: template.bindings ?? {}, params, event: input.event });
  // A logo over the image guard's limit (published before the check, or from the blob store) is
  // refused here, with its reason, rather than failing the render.
  await assertTemplateImages(template.body);
  await assertDataImages(data);
  // Only a server built without a job queue (some tests): nothing could render it.
  if (!fastify.hasDecorator('jobs')) throw new HttpError(503, 'generic');
  const settings = await readSettings(tx);
  const title = (input.title?.trim() || defaultTitle(template.name)).slice(0, 200);
  const body = template.kind === 'video' ? withWatermark(template.body as VideoTemplate, settings.watermark) : template.body;

  const sent = await fastify.jobs.send(
    queueOf(template.kind),
    {
      template: body,
      data: data as Record<string, unknown>,
      name: fileNameOf(title, input.singletonKey ?? `${input.templateId}-${Date.now().toString(36)}`),
      ...(template.kind === 'report' ? { watermark: settings.watermark } : {}),
    },
    {
      tx,
      ...(input.singletonKey ? { singletonKey: input.singletonKey } : {}),
      origin: input.origin,
      createdBy: input.createdBy,
      ruleId: input.ruleId === undefined ? null : String(input.ruleId),
      expireInSeconds: settings.renderTimeoutSeconds + 60,
    },
  );
  if (!sent.created) {
    const existing = await outputByJob(tx, sent.id);
    if (!existing) throw new Error(`finview: job ${sent.id} of singleton key ${input.singletonKey} has no output`);
    return { output: existing, created: false };
  }
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO finview_outputs (kind, title, template_id, template_version, params, job_id, origin, rule_id, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9) RETURNING id::int AS id`,
    [template.kind, title, input.templateId, template.publishedVersion, JSON.stringify(params), sent.id, input.origin, input.ruleId ?? null, input.createdBy],
  );
  const id = inserted.rows[0]?.id as number;
  const output = (await outputAnswer(tx, id)) as OutputAnswer;
  await recordAudit(tx, { actor: auditActor(input.actor), entity: 'finview_output', entityId: String(id), action: 'create', after: output });
  return { output, created: true };
}
