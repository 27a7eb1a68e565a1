import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobChange } from '../../../../server/src/lib/jobs/jobs-repository.js';
import { RENDER_QUEUE, workRenderQueue, type RenderQueueOptions } from '../../../../server/src/modules/finview/render/render-queue.js';
import { describeEachDatabase } from '../../helper.js';
import { blobsOf, bossJobs, buildJobsApp, gone, groupMembers, jobFinished, tinyTemplate, until } from '../../lib/jobs/jobs-helper.js';

const run = promisify(execFile);
const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

async function readBlob(app: FastifyInstance, id: string): Promise<Buffer> {
  const content = await app.blobs.get(id);
  if (!content) throw new Error(`no blob ${id}`);
  const parts: Buffer[] = [];
  for await (const part of content.stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describeEachDatabase('render jobs', (suite) => {
  let workDir = '';
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'render-jobs-'));
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  async function renderApp(options: RenderQueueOptions = {}): Promise<{ app: FastifyInstance; pids: number[] }> {
    const app = await buildJobsApp(suite);
    const pids: number[] = [];
    await workRenderQueue(app.jobs, app.blobs, { retryDelay: 1, timeoutSeconds: 120, workDir, onSpawn: (pid) => pids.push(pid), ...options });
    return { app, pids };
  }

  it('renders in a child process: progress up to 100, the MP4 and poster stored, nothing left behind', async () => {
    const { app, pids } = await renderApp({ maxOldSpaceMb: 300 });
    const progress: number[] = [];
    app.jobs.events.onChange((change) => {
      if (change.queue === RENDER_QUEUE) progress.push(change.progress);
    });
    const { id } = await app.jobs.send(RENDER_QUEUE, { template: tinyTemplate(2) }, { createdBy: null });
    const row = await jobFinished(app, id, 60_000);

    expect(row).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, error: null });
    expect(row.result).toMatchObject({ width: 320, height: 180, fps: 30, durationSeconds: 2, frames: 60 });
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
    expect(pids).toHaveLength(1);
    await gone(pids[0]!);

    const stored = await blobsOf(suite.sql, id);
    expect(stored).toEqual([
      expect.objectContaining({ id: row.result?.posterBlobId, filename: `${id}.jpg`, content_type: 'image/jpeg' }),
      expect.objectContaining({ id: row.result?.videoBlobId, filename: `${id}.mp4`, content_type: 'video/mp4' }),
    ]);
    const mp4 = await readBlob(app, row.result?.videoBlobId as string);
    expect(mp4.length).toBe(row.result?.bytes);
    const copy = path.join(workDir, 'check.mp4');
    await writeFile(copy, mp4);
    const { stdout } = await run(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width,height', '-of', 'json', copy]);
    const probe = JSON.parse(stdout) as { format: { duration: string }; streams: Array<{ codec_name: string; width: number; height: number }> };
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 320, height: 180 });
    expect(Number(probe.format.duration)).toBeCloseTo(2, 1);
    await rm(copy);
    expect((await readBlob(app, row.result?.posterBlobId as string)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await readdir(workDir)).toEqual([]);
  });

  it('cancels a running render: the child and its ffmpeg are killed, nothing is stored', async () => {
    const { app, pids } = await renderApp({ maxOldSpaceMb: 256 });
    const { id } = await app.jobs.send(RENDER_QUEUE, { template: tinyTemplate(2) });
    const running = await until(async () => (await app.jobs.get(id))?.progress ?? 0, (value) => value > 0, 60_000, 20);
    expect(running).toBeLessThan(100);
    const pid = pids[0]!;
    // The heap limit reached the child's command line.
    expect((await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')).toContain('--max-old-space-size=256');

    expect(await app.jobs.cancel(id)).toBe(true);
    await until(() => groupMembers(pid), (members) => members.length === 0, 5000, 50);
    await gone(pid);
    await until(() => readdir(workDir), (files) => files.length === 0, 5000, 50);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await app.jobs.get(id)).toMatchObject({ status: 'cancelled', attempts: 1 });
    expect(await blobsOf(suite.sql, id)).toEqual([]);
    expect(pids).toHaveLength(1);
    expect((await bossJobs(suite, RENDER_QUEUE)).find((job) => job.id === id)).toMatchObject({ state: 'cancelled' });
  });

  it('retries a render whose child was killed with SIGKILL, and stores it exactly once', async () => {
    const { app, pids } = await renderApp();
    let killed = false;
    const seen: JobChange[] = [];
    app.jobs.events.onChange((change) => {
      seen.push(change);
      // Mid-render: ffmpeg has frames, nothing is stored yet.
      if (!killed && change.status === 'running' && change.progress > 0) {
        killed = true;
        process.kill(pids[0]!, 'SIGKILL');
      }
    });
    const { id } = await app.jobs.send(RENDER_QUEUE, { template: tinyTemplate(2) });
    const row = await jobFinished(app, id, 90_000);

    expect(killed).toBe(true);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, progress: 100, error: null });
    expect(pids).toHaveLength(2);
    expect(seen.filter((change) => change.id === id && change.status === 'succeeded')).toHaveLength(1);
    const stored = await blobsOf(suite.sql, id);
    expect(stored.map((blob) => blob.filename)).toEqual([`${id}.jpg`, `${id}.mp4`]);
    expect(stored.map((blob) => blob.id).sort()).toEqual([row.result?.posterBlobId, row.result?.videoBlobId].sort());
    expect(await suite.sql('SELECT 1 FROM jobs WHERE id = $1 AND status = $2', [id, 'succeeded'])).toHaveLength(1);
    expect((await bossJobs(suite, RENDER_QUEUE)).find((job) => job.id === id)).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(await readdir(workDir)).toEqual([]);
  });

  it('fails a render at its time limit, and a template that does not check without starting a child', async () => {
    const { app, pids } = await renderApp({ timeoutSeconds: 0.2, retryLimit: 0 });
    const late = await app.jobs.send(RENDER_QUEUE, { template: tinyTemplate(2) });
    expect(await jobFinished(app, late.id, 30_000)).toMatchObject({ status: 'failed', attempts: 1, error: 'the render ran past its time limit of 0.2 s' });
    expect(pids).toHaveLength(1);
    await until(() => groupMembers(pids[0]!), (members) => members.length === 0, 5000, 50);

    const broken = await app.jobs.send(RENDER_QUEUE, { template: { ...tinyTemplate(2), fps: 0 } });
    const row = await jobFinished(app, broken.id, 30_000);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.error).toMatch(/^the template is not valid: \/fps/);
    expect(pids).toHaveLength(1);
    expect(await blobsOf(suite.sql, late.id)).toEqual([]);
    expect(await readdir(workDir)).toEqual([]);
  });
});
