import { readdir, readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper.js';
import { tinyTemplate, until } from '../lib/jobs/jobs-helper.js';
import { actor, finished, getOutput, publishedTemplate, renderingApp, submit } from './outputs-helper.js';

/** Render children this process forked (server/src/workers/render-worker.ts). */
async function renderChildren(): Promise<number[]> {
  const found: number[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== process.pid) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('render-worker')) found.push(Number(pid));
  }
  return found;
}

describeEachDatabase('finview: a render child killed mid-render', (suite) => {
  it('fails that attempt; the retry succeeds, once, with exactly one video stored', async () => {
    const app = await renderingApp(suite);
    const maker = await actor(suite, app);
    // 120 frames at 320x180: long enough to be caught under way.
    const output = await submit(app, maker, await publishedTemplate(suite, tinyTemplate(4)));
    const [pid] = await until(
      async () => {
        const [job] = await suite.sql<{ progress: number; status: string }>('SELECT progress, status FROM jobs WHERE id = $1', [output.jobId]);
        return job?.status === 'running' && job.progress > 0 ? renderChildren() : [];
      },
      (pids) => pids.length > 0,
      30_000,
      20,
    );
    process.kill(pid as number, 'SIGKILL');

    // The first attempt fails (killed); pg-boss waits its retry delay: made to have passed.
    const failed = await until(
      () => getOutput(app, maker, output.id),
      (now) => now.attempts === 1 && now.status !== 'running',
      30_000,
    );
    expect(failed.error).toMatch(/killed|SIGKILL/);
    await until(
      async () => suite.sql(`UPDATE pgboss.job SET start_after = now() WHERE id = $1 AND state = 'retry' RETURNING id`, [output.jobId]),
      (rows) => rows.length > 0,
      10_000,
    );
    const done = await finished(app, maker, output.id, 60_000);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, progress: 100, width: 320, height: 180 });
    const [row] = await suite.sql<{ video: string }>('SELECT video_blob_id AS video FROM finview_outputs WHERE id = $1', [output.id]);
    const videos = await suite.sql('SELECT id FROM blobs WHERE content_type = $1 AND filename = (SELECT filename FROM blobs WHERE id::text = $2)', ['video/mp4', row?.video]);
    expect(videos).toHaveLength(1);
    expect(await renderChildren()).toEqual([]);
  }, 120_000);
});
