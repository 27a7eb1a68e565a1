import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ParamsSchema } from '../../../common/domains/finview/model.js';
import { videoTemplate } from '../../fixtures/finview-templates.js';
import { API, sealed, uniqueName, type Session, type SuiteContext } from '../helper';

export const RULES_API = `${API}/be-api-management/finview/rules`;

export const COMPANY_PARAMS: ParamsSchema = {
  type: 'object',
  properties: { company: { type: 'integer', 'x-source': 'company-records' } },
  required: ['company'],
};

/** A template written straight to the tables (the templates API is another module's): published unless told. */
export async function insertTemplate(suite: SuiteContext, options: { published?: boolean; paramsSchema?: ParamsSchema } = {}): Promise<number> {
  const published = options.published ?? true;
  const [row] = await suite.sql<{ id: number }>(
    `INSERT INTO finview_templates (name, kind, published_version) VALUES ($1, 'video', $2) RETURNING id::int AS id`,
    [uniqueName('tpl'), published ? 1 : null],
  );
  const id = (row as { id: number }).id;
  await suite.sql(
    `INSERT INTO finview_template_versions (template_id, version, status, body, params_schema, bindings, published_at)
     VALUES ($1, 1, $2, $3::jsonb, $4::jsonb, '{}'::jsonb, $5)`,
    [id, published ? 'published' : 'draft', JSON.stringify(videoTemplate({ durationSeconds: 1 })), JSON.stringify(options.paramsSchema ?? COMPANY_PARAMS), published ? new Date().toISOString() : null],
  );
  return id;
}

export function rulesCall(app: FastifyInstance, session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object, query?: Record<string, string>): Promise<LightMyRequestResponse> {
  return sealed(app, session, { method, url: `${RULES_API}${path}`, ...(payload ? { payload } : {}), ...(query ? { query } : {}) });
}

/** An event rule on news.approved for `companyIds`, its `company` param taken from the event. */
export function eventRule(templateId: number, companyIds: number[], overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName('rule'),
    enabled: true,
    trigger: 'event',
    event: 'news.approved',
    conditions: { companyIds },
    templateId,
    params: { company: { event: 'companyId' } },
    title: '{{event.companyName}}: {{event.headline}}',
    ...overrides,
  };
}
