import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../../../server/src/app.js';
import { RENDER_QUEUE, workRenderQueue } from '../../../../server/src/modules/finview/render/render-queue.js';
import { describeEachDatabase, TEST_ENV } from '../../helper.js';
import { blobsOf, buildJobsApp, FAST_JOBS, groupMembers, jobFinished, tinyTemplate, until } from '../../lib/jobs/jobs-helper.js';

const SERVER = path.join(import.meta.dirname, 'render-server.ts');

interface ServerLine {
  jobId?: string;
  renderPid?: number;
  progress?: number;
  status?: string;
}

describeEachDatabase('a server killed with SIGKILL mid-render', (suite) => {
  it('leaves the job to pg-boss, which the next server retries: succeeded once, stored once', async () => {
    // The killed server's database: the suite's PostgreSQL database, or PGlite in a directory
    // (the suite's in-memory PGlite cannot be shared with another process), opened again after.
    const dataDir = suite.kind === 'postgres' ? suite.dataDir() : await mkdtemp(path.join(tmpdir(), 'render-crash-'));
    let databaseUrl: string | undefined;
    if (suite.kind === 'postgres') {
      const probe = await buildJobsApp(suite);
      databaseUrl = probe.env.DATABASE_URL;
      await probe.close();
    }
    let app: FastifyInstance | undefined;
    try {
      const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
      const server = spawn(process.execPath, ['--import', 'tsx', SERVER, JSON.stringify(env), JSON.stringify(tinyTemplate(2))], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => server.once('exit', (_code, signal) => resolve(signal)));
      const seen: ServerLine = {};
      await new Promise<void>((resolve, reject) => {
        const lines = createInterface({ input: server.stdout });
        lines.on('line', (line) => {
          const said = JSON.parse(line) as ServerLine;
          Object.assign(seen, said);
          // Mid-render: the child has sent frames to ffmpeg and the progress is committed.
          if (seen.jobId && seen.renderPid && said.status === 'running' && (said.progress ?? 0) > 0) {
            server.kill('SIGKILL');
            resolve();
          }
        });
        void exited.then(() => reject(new Error(`the server ended before the render was under way: ${JSON.stringify(seen)}`)));
      });
      expect(await exited).toBe('SIGKILL');
      const jobId = seen.jobId as string;
      // The render child sees its parent gone and stops, with its ffmpeg.
      await until(() => groupMembers(seen.renderPid as number), (members) => members.length === 0, 10_000, 100);

      app =
        suite.kind === 'postgres'
          ? await buildJobsApp(suite)
          : await buildApp({ env: { ...TEST_ENV, DEMO_DATA: false, DATA_DIR: dataDir }, logger: false, jobs: FAST_JOBS });
      const sql = async <T>(query: string, params: unknown[] = []) => (await (app as FastifyInstance).db.query<T>(query, params)).rows;
      expect(await app.jobs.get(jobId)).toMatchObject({ status: 'running', attempts: 1 });
      expect(await blobsOf(sql, jobId)).toEqual([]);
      await workRenderQueue(app.jobs, app.blobs, { retryDelay: 1 });

      // pg-boss takes a job back once its attempt is older than its expiry (61 s for this
      // render) at its next maintenance: the time is made to have passed, and maintenance run.
      await sql(`UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE id = $1 AND state = 'active'`, [jobId]);
      await app.jobs.maintain();
      const row = await jobFinished(app, jobId, 60_000);
      expect(row).toMatchObject({ status: 'succeeded', attempts: 2, progress: 100 });
      const stored = await blobsOf(sql, jobId);
      expect(stored.map((blob) => blob.filename)).toEqual([`${jobId}.jpg`, `${jobId}.mp4`]);
      expect(await sql(`SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND id = $2`, [RENDER_QUEUE, jobId])).toEqual([{ state: 'completed' }]);
    } finally {
      if (suite.kind === 'pglite') {
        await app?.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }, 120_000);
});
