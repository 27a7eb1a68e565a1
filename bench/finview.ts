import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutputAnswer, TemplateDetail, TemplateVersion } from '../common/domains/finview/model';
import type { VideoTemplate } from '../common/domains/finview/template';
import { newestRcKey } from '../common/protocol/entity';
import { withScratchDatabase } from './scratch-database';
import { login, sealed, startServe, type Session } from './serve-process';
import { ms } from './stats';

// finview end to end (issue 12, "Must show"): from the submit of a 10 s 1080p30 bar-chart video
// (bound to a company's news counts) to a playable video — the render job queued, rendered in its
// child process, stored, and the first bytes of the file answered to a Range request — against
// the server in its own process (`npm run serve`), on PGlite and on PostgreSQL. Render speed on its
// own (frames per second) is bench/render.ts. `npx tsx bench/finview.ts` runs this alone.

const FINVIEW = '/be-api-management/finview';
const RUNS = 2;

async function call<T>(api: string, session: Session, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = sealed(session);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${api}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const rcKey = response.headers.get('rc-key');
  if (rcKey) session.rcKey = newestRcKey(session.rcKey, rcKey) ?? session.rcKey;
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A published video template: the starter (title + news-count bar chart), made 10 s 1080p30. */
async function publishedTemplate(api: string, session: Session): Promise<number> {
  const { body: created } = await call<TemplateDetail>(api, session, 'POST', `${FINVIEW}/templates`, { name: `Bench ${Date.now()}`, kind: 'video' });
  const { body: draft } = await call<TemplateVersion>(api, session, 'GET', `${FINVIEW}/templates/${created.id}/versions/${created.latestVersion}`);
  const body = { ...(draft.body as VideoTemplate), size: { width: 1920, height: 1080 }, fps: 30, durationSeconds: 10 };
  body.scenes = body.scenes.map((scene) => ({ ...scene, start: Math.min(scene.start, 9), end: Math.min(Math.max(scene.end, 1), 10) }));
  await call(api, session, 'PUT', `${FINVIEW}/templates/${created.id}/draft`, { body, paramsSchema: draft.paramsSchema, bindings: draft.bindings, version: created.version });
  // Publish names the template's row version, which the draft's save moved on.
  const { body: saved } = await call<TemplateDetail>(api, session, 'GET', `${FINVIEW}/templates/${created.id}`);
  await call(api, session, 'POST', `${FINVIEW}/templates/${created.id}/publish`, { version: saved.version });
  return created.id;
}

async function firstCompanyId(api: string, session: Session): Promise<number> {
  const { body } = await call<Array<{ id: number }>>(api, session, 'GET', `${FINVIEW}/companies`);
  const first = body[0];
  const id = first?.id;
  if (id === undefined) throw new Error('no company in the demo data');
  return Number(id);
}

async function submitToPlayable(api: string, session: Session, templateId: number, companyId: number): Promise<{ queued: number; rendered: number; playable: number; output: OutputAnswer }> {
  const started = performance.now();
  const { body: submitted } = await call<OutputAnswer>(api, session, 'POST', `${FINVIEW}/outputs`, { templateId, params: { companyId } });
  const queued = performance.now() - started;
  let output = submitted;
  // A bench may poll: it measures when the file is there, not how the page learns it.
  while (output.status === 'queued' || output.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    output = (await call<OutputAnswer>(api, session, 'GET', `${FINVIEW}/outputs/${submitted.id}`)).body;
  }
  if (output.status !== 'succeeded') throw new Error(`the render ended ${output.status}: ${output.error}`);
  const rendered = performance.now() - started;
  const { body: media } = await call<{ video?: string }>(api, session, 'POST', `${FINVIEW}/outputs/${submitted.id}/media`, {});
  if (!media.video) throw new Error('no video URL');
  const response = await fetch(new URL(media.video, api), { headers: { range: 'bytes=0-65535' } });
  await response.arrayBuffer();
  if (response.status !== 206) throw new Error(`the video answered ${response.status} to a Range request`);
  return { queued, rendered, playable: performance.now() - started, output };
}

async function benchOn(label: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-finview-'));
  const server = await startServe(dataDir, databaseUrl);
  try {
    const session = await login(server.api);
    const templateId = await publishedTemplate(server.api, session);
    const companyId = await firstCompanyId(server.api, session);
    console.log(`\n## finview submit → playable on ${label}: 10 s 1920x1080 at 30 fps, news-count bar chart (load ${(loadavg()[0] ?? 0).toFixed(1)})`);
    for (let run = 1; run <= RUNS; run += 1) {
      const { queued, rendered, playable, output } = await submitToPlayable(server.api, session, templateId, companyId);
      console.log(
        `run ${run}: queued in ${ms(queued)}, rendered and stored ${ms(rendered)}, first bytes playable ${ms(playable)}  ` +
          `(${output.durationSeconds ?? '?'} s, ${((output.bytes ?? 0) / 1e6).toFixed(2)} MB, ${(300 / (rendered / 1000)).toFixed(1)} frames/s end to end)`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchFinview(): Promise<void> {
  await benchOn('PGlite', undefined);
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) await withScratchDatabase(postgresUrl, (url) => benchOn('PostgreSQL', url));
  else console.log('finview on PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFinview();
