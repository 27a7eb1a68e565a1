import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OutputAnswer } from '../../../common/domains/finview/model.js';
import type { VideoTemplate } from '../../../common/domains/finview/template.js';
import { API, createUser, login, sealed, type Session, type SuiteContext } from '../helper.js';
import { buildJobsApp, until } from '../lib/jobs/jobs-helper.js';

export const FINVIEW = `${API}/be-api-management/finview`;

/** 64x36, 1 s at 5 fps: renders in well under a second. */
export function tinyVideo(): VideoTemplate {
  return {
    schemaVersion: 1,
    size: { width: 64, height: 36 },
    fps: 5,
    durationSeconds: 1,
    brand: { background: '#0b1f3a', foreground: '#ffffff', accent: '#f5a623', palette: ['#f5a623', '#4a90e2'], fontFamily: 'DejaVu Sans' },
    scenes: [{ kind: 'title', start: 0, end: 1, title: 'Hello {{who}}' }],
  };
}

/** A template with a published version 1, written straight into the tables (the templates API is another helper's). */
export async function publishedTemplate(
  suite: SuiteContext,
  body: unknown = tinyVideo(),
  kind: 'video' | 'report' = 'video',
  paramsSchema: object = { type: 'object', properties: {} },
): Promise<number> {
  const [row] = await suite.sql<{ id: number }>(
    `INSERT INTO finview_templates (name, kind, published_version) VALUES ($1, $2, 1) RETURNING id::int AS id`,
    [`T ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, kind],
  );
  const id = (row as { id: number }).id;
  await suite.sql(
    `INSERT INTO finview_template_versions (template_id, version, status, body, params_schema, published_at) VALUES ($1, 1, 'published', $2::jsonb, $3::jsonb, now())`,
    [id, JSON.stringify(body), JSON.stringify(paramsSchema)],
  );
  return id;
}

export async function draftOnlyTemplate(suite: SuiteContext): Promise<number> {
  const [row] = await suite.sql<{ id: number }>(`INSERT INTO finview_templates (name, kind) VALUES ($1, 'video') RETURNING id::int AS id`, [
    `D ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  ]);
  const id = (row as { id: number }).id;
  await suite.sql(`INSERT INTO finview_template_versions (template_id, version, body) VALUES ($1, 1, $2::jsonb)`, [id, JSON.stringify(tinyVideo())]);
  return id;
}

export interface Actor {
  session: Session;
  userId: string;
}

export async function actor(suite: SuiteContext, app: FastifyInstance, role: 0 | 1 | 2 = 2): Promise<Actor> {
  const user = await createUser(suite, app, { role });
  return { session: await login(app, user.username, user.password), userId: user.userId };
}

/** An app whose finview workers render (FAST_JOBS turns modules' workers off). */
export function renderingApp(suite: SuiteContext): Promise<FastifyInstance> {
  return buildJobsApp(suite, { moduleWorkers: true });
}

export async function submit(app: FastifyInstance, who: Actor, templateId: number, params: Record<string, string | number> = { who: 'world' }): Promise<OutputAnswer> {
  const response = await sealed(app, who.session, { method: 'POST', url: `${FINVIEW}/outputs`, payload: { templateId, params, title: 'Tiny' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OutputAnswer>();
}

export async function getOutput(app: FastifyInstance, who: Actor, id: number): Promise<OutputAnswer> {
  const response = await sealed(app, who.session, { method: 'GET', url: `${FINVIEW}/outputs/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutputAnswer>();
}

export function finished(app: FastifyInstance, who: Actor, id: number, timeoutMs = 30_000): Promise<OutputAnswer> {
  return until(
    () => getOutput(app, who, id),
    (output) => ['succeeded', 'failed', 'cancelled'].includes(output.status),
    timeoutMs,
    200,
  );
}
