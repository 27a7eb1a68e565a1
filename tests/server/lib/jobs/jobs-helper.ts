import { readdir, readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { JobsPluginOptions } from '../../../../server/src/plugins/app/jobs.js';
import type { JobRow } from '../../../../server/src/lib/jobs/jobs-repository.js';
import type { VideoTemplate } from '../../../../common/domains/finview/template.js';
import { videoTemplate } from '../../../fixtures/finview-templates.js';
import type { SuiteContext } from '../../helper.js';

/**
 * Short timings: the queue polls twice a second, maintenance runs when a test calls it. Modules'
 * workers are off: these tests work the queues themselves (finview's tests turn them on).
 */
export const FAST_JOBS: JobsPluginOptions = {
  moduleWorkers: false,
  pollSeconds: 0.5,
  maintenanceSeconds: 3600,
  watchMs: 200,
  stopGraceMs: 2000,
};

export function buildJobsApp(suite: SuiteContext, jobs: JobsPluginOptions = {}): Promise<FastifyInstance> {
  return suite.build({ DEMO_DATA: false }, { jobs: { ...FAST_JOBS, ...jobs } });
}

let queueCounter = 0;
/** A queue name of its own per test: apps of one suite share the database and its queues. */
export function uniqueQueue(prefix: string): string {
  queueCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${queueCounter}`;
}

/** Polls `read` until `done` accepts its value; fails with the last value after `timeoutMs`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, stepMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    value = await read();
  }
  return value;
}

export function jobFinished(app: FastifyInstance, id: string, timeoutMs?: number): Promise<JobRow> {
  return until(
    async () => (await app.jobs.get(id)) as JobRow,
    (row) => row !== null && ['succeeded', 'failed', 'cancelled'].includes(row.status),
    timeoutMs,
  );
}

export async function bossJobs(suite: SuiteContext, queue: string): Promise<Array<{ id: string; state: string; retry_count: number }>> {
  return suite.sql('SELECT id::text AS id, state::text AS state, retry_count FROM pgboss.job WHERE name = $1 ORDER BY created_on', [queue]);
}

/** Every kind of scene, 320x180, squeezed into `seconds`. */
export function tinyTemplate(seconds = 2): VideoTemplate {
  const template = videoTemplate();
  const scale = seconds / template.durationSeconds;
  return videoTemplate({
    durationSeconds: seconds,
    scenes: template.scenes.map((scene) => ({ ...scene, start: scene.start * scale, end: scene.end * scale })),
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Processes still in the group the render child led (the child and its ffmpeg). */
/**
 * Waits until the process is gone and reaped. A child of this test process stays a zombie, which
 * alive() still sees, until Node handles its SIGCHLD: on a busy machine that is not at once.
 */
export async function gone(pid: number): Promise<void> {
  await until(async () => alive(pid), (isAlive) => !isAlive, 5000, 50);
}

export async function groupMembers(pgid: number): Promise<number[]> {
  const members: number[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid pgrp ...: comm may hold spaces, so count from its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie has ended; whether it is reaped depends on this machine's init.
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(pid));
  }
  return members;
}

/** The files a render job stored (named after the job). */
export async function blobsOf(sql: SuiteContext['sql'], jobId: string): Promise<Array<{ id: string; filename: string; content_type: string }>> {
  return sql('SELECT id::text AS id, filename, content_type FROM blobs WHERE filename LIKE $1 ORDER BY filename', [`${jobId}.%`]);
}
