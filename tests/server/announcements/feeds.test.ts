import { expect, it } from 'vitest';
import type { FeedAnswer, FeedRunAnswer } from '../../../common/domains/announcements/model.js';
import { FEED_QUEUE, tickFeeds } from '../../../server/src/modules/announcements/feeds-service.js';
import { describeEachDatabase, uniqueName } from '../helper';
import { FAST_JOBS, until } from '../lib/jobs/jobs-helper';
import { feedCallers, feedInput, feedsCall, fixtureCompanies, FIXTURES, insertFeed } from './feeds-helper';

describeEachDatabase('announcement feeds', (suite) => {
  it('lets Admins write feeds and every role read them, audited, with field reasons', async () => {
    const { app, admin, user } = await feedCallers(suite);
    const input = feedInput();
    expect((await feedsCall(app, user, 'POST', '', input)).statusCode).toBe(403);
    const created = await feedsCall(app, admin, 'POST', '', input);
    expect(created.statusCode, created.body).toBe(201);
    const feed = created.json<FeedAnswer>();
    expect(feed).toMatchObject({ ...input, lastRun: null, lastRunAt: null, version: 1, createdBy: { username: admin.username } });
    expect(new Date(feed.nextRunAt as string).getTime()).toBeGreaterThan(Date.now());

    // Every role reads.
    expect((await feedsCall(app, user, 'GET')).json<FeedAnswer[]>().map((row) => row.id)).toContain(feed.id);
    expect((await feedsCall(app, user, 'GET', `/${feed.id}`)).json<FeedAnswer>().name).toBe(input.name);
    expect((await feedsCall(app, user, 'PUT', `/${feed.id}`, { ...input, version: 1 })).statusCode).toBe(403);
    expect((await feedsCall(app, user, 'DELETE', `/${feed.id}`)).statusCode).toBe(403);
    expect((await feedsCall(app, user, 'POST', `/${feed.id}/run`)).statusCode).toBe(403);

    const bad = await feedsCall(app, admin, 'POST', '', { ...feedInput(), url: 'ftp://exchange.example/feed.json', attachmentBase: 'nonsense', cron: '0 0 9 * * 1', timezone: 'Mars/Olympus', name: '   ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ reasons: Record<string, { code: string }> }>().reasons).toEqual({
      name: { code: 'notBlank' },
      url: { code: 'feedUrl' },
      attachmentBase: { code: 'feedUrl' },
      cron: { code: 'finviewCron' },
      timezone: { code: 'finviewTimezone' },
    });
    expect((await feedsCall(app, admin, 'POST', '', { ...feedInput(), source: 'manual' })).statusCode).toBe(422);
    const taken = await feedsCall(app, admin, 'POST', '', { ...feedInput(), name: input.name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'recordTaken', reasons: { name: { code: 'nameTaken' } } });

    const changed = await feedsCall(app, admin, 'PUT', `/${feed.id}`, { ...input, enabled: false, cron: '0 9 * * 1-5', version: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<FeedAnswer>()).toMatchObject({ enabled: false, cron: '0 9 * * 1-5', nextRunAt: null, version: 2 });
    expect((await feedsCall(app, admin, 'PUT', `/${feed.id}`, { ...input, version: 1 })).json()).toMatchObject({ code: 'staleEdit' });
    expect((await feedsCall(app, admin, 'GET', '/999999999')).json()).toMatchObject({ code: 'feedNotFound' });
    expect((await feedsCall(app, admin, 'GET', '/99999999999999999999')).statusCode).toBe(422);

    expect((await feedsCall(app, admin, 'DELETE', `/${feed.id}`)).statusCode).toBe(204);
    expect((await feedsCall(app, admin, 'GET', `/${feed.id}`)).statusCode).toBe(404);
    const audit = await suite.sql<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'announcement_feed' AND entity_id = $1 ORDER BY id`, [String(feed.id)]);
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('answers the generic list: search, source and enabled filters, order, pages and x-total-count', async () => {
    const { app, user } = await feedCallers(suite);
    const tag = uniqueName('list');
    const names = [`${tag} a BSE on`, `${tag} b NSE on`, `${tag} c BSE off`];
    await insertFeed(suite, { name: names[0], source: 'BSE', enabled: true });
    await insertFeed(suite, { name: names[1], source: 'NSE', enabled: true });
    await insertFeed(suite, { name: names[2], source: 'BSE', enabled: false });
    const list = async (query: Record<string, string>) => {
      const answer = await feedsCall(app, user, 'GET', '', undefined, { q: tag, ...query });
      expect(answer.statusCode, answer.body).toBe(200);
      return { names: answer.json<FeedAnswer[]>().map((feed) => feed.name), total: answer.headers['x-total-count'] };
    };
    expect(await list({})).toEqual({ names, total: '3' });
    expect(await list({ page: '2', pageSize: '2' })).toEqual({ names: [names[2]], total: '3' });
    expect(await list({ sort: 'name:desc', pageSize: '2', page: '1' })).toEqual({ names: [names[2], names[1]], total: '3' });
    expect(await list({ source: 'BSE' })).toEqual({ names: [names[0], names[2]], total: '2' });
    expect(await list({ source: 'BSE,NSE', enabled: 'true' })).toEqual({ names: [names[0], names[1]], total: '2' });
    expect(await list({ enabled: 'false' })).toEqual({ names: [names[2]], total: '1' });
    // Only listed columns sort; a source the feeds cannot have is refused.
    expect((await feedsCall(app, user, 'GET', '', undefined, { sort: 'url:asc' })).statusCode).toBe(422);
    expect((await feedsCall(app, user, 'GET', '', undefined, { source: 'manual' })).statusCode).toBe(422);
  });

  it('answers 503 to a run when the server has no job queue', async () => {
    const { app, admin } = await feedCallers(suite);
    const feed = (await feedsCall(app, admin, 'POST', '', feedInput())).json<FeedAnswer>();
    expect((await feedsCall(app, admin, 'POST', `/${feed.id}/run`)).statusCode).toBe(503);
  });

  it('runs a feed on the job queue, one at a time, and lists its runs', async () => {
    const { app, admin, user } = await feedCallers(suite, { jobs: { ...FAST_JOBS, moduleWorkers: true } });
    await fixtureCompanies(suite);
    const feed = (await feedsCall(app, admin, 'POST', '', feedInput({ source: 'NSE', url: `${FIXTURES}nse.json` }))).json<FeedAnswer>();
    const queued = await feedsCall(app, admin, 'POST', `/${feed.id}/run`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toEqual({ message: 'The feed run has been queued.', code: 'feedRunQueued' });
    // Queued or running: a second one waits its turn.
    const again = await feedsCall(app, admin, 'POST', `/${feed.id}/run`);
    const jobs = await suite.sql<{ status: string }>(`SELECT status FROM jobs WHERE queue = $1 AND data->>'feedId' = $2`, [FEED_QUEUE, String(feed.id)]);
    if (jobs.some((job) => job.status === 'queued' || job.status === 'running')) expect(again.json()).toMatchObject({ code: 'feedRunning' });

    const runs = await until(
      async () => (await feedsCall(app, user, 'GET', '/runs', undefined, { feedId: String(feed.id) })).json<FeedRunAnswer[]>(),
      (list) => list.length > 0 && list.every((run) => run.status !== 'running'),
    );
    const [run] = runs;
    expect(run).toMatchObject({ feedId: feed.id, feedName: feed.name, source: 'NSE', trigger: 'manual', status: 'succeeded', entries: 4, malformed: 1, createdBy: { username: admin.username } });
    expect(run?.problems).toEqual([{ index: 3, sourceId: null, reason: 'entryMissing', field: 'seq_id' }]);
    expect((await feedsCall(app, user, 'GET', `/runs/${run?.id}`)).json<FeedRunAnswer>()).toEqual(run);
    expect((await feedsCall(app, user, 'GET', '/runs/999999999')).statusCode).toBe(404);
    const shown = (await feedsCall(app, user, 'GET', `/${feed.id}`)).json<FeedAnswer>();
    expect(shown.lastRun?.id).toBe(runs[0]?.id);
    expect(shown.lastRunAt).not.toBeNull();
    // Each feed shows its own last run: one that never ran shows none (not the newest of all).
    const idle = (await feedsCall(app, admin, 'POST', '', feedInput())).json<FeedAnswer>();
    const listed = (await feedsCall(app, user, 'GET', '')).json<FeedAnswer[]>();
    expect(listed.find((entry) => entry.id === idle.id)?.lastRun).toBeNull();
    expect(listed.find((entry) => entry.id === feed.id)?.lastRun?.id).toBe(run?.id);
    const all = await feedsCall(app, user, 'GET', '/runs', undefined, { pageSize: '1' });
    expect(all.json<FeedRunAnswer[]>()).toHaveLength(1);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(runs.length);
  });

  it('sends due feeds from the tick, once, and moves their next run on', async () => {
    const { app, admin } = await feedCallers(suite, { jobs: FAST_JOBS });
    const feed = (await feedsCall(app, admin, 'POST', '', feedInput({ cron: '*/5 * * * *' }))).json<FeedAnswer>();
    const due = new Date(feed.nextRunAt as string);
    const sentFor = () => suite.sql<{ origin: string }>(`SELECT origin FROM jobs WHERE queue = $1 AND data->>'feedId' = $2`, [FEED_QUEUE, String(feed.id)]);

    await tickFeeds(app, new Date(due.getTime() - 1000));
    expect(await sentFor()).toEqual([]);
    await tickFeeds(app, new Date(due.getTime() + 1000));
    expect(await sentFor()).toEqual([{ origin: 'schedule' }]);
    const [after] = await suite.sql<{ next: Date | string }>('SELECT next_run_at AS next FROM announcement_feeds WHERE id = $1', [feed.id]);
    expect(new Date(after?.next as string).getTime()).toBe(due.getTime() + 5 * 60_000);
    // Due again, but its run is still queued (no workers here): nothing more is sent.
    await tickFeeds(app, new Date(due.getTime() + 5 * 60_000 + 1000));
    expect(await sentFor()).toHaveLength(1);
    expect((await feedsCall(app, admin, 'POST', `/${feed.id}/run`)).json()).toMatchObject({ code: 'feedRunning' });
    // A disabled feed is never due.
    const disabled = await feedsCall(app, admin, 'PUT', `/${feed.id}`, { ...feedInput({ name: feed.name }), enabled: false, version: feed.version });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await suite.sql(`UPDATE jobs SET status = 'cancelled' WHERE queue = $1 AND data->>'feedId' = $2`, [FEED_QUEUE, String(feed.id)]);
    await tickFeeds(app, new Date(due.getTime() + 60 * 60_000));
    expect(await sentFor()).toHaveLength(1);
  });
});
