import { PDFDocument } from 'pdf-lib';
import { expect, it } from 'vitest';
import { reportTemplate } from '../../fixtures/finview-reports.js';
import type { OutputAnswer } from '../../../common/domains/finview/model.js';
import { sealed, describeEachDatabase } from '../helper.js';
import { applyRetention } from '../../../server/src/modules/finview/retention.js';
import { buildJobsApp } from '../lib/jobs/jobs-helper.js';
import { actor, draftOnlyTemplate, tinyVideo, finished, FINVIEW, getOutput, publishedTemplate, renderingApp, submit } from './outputs-helper.js';

describeEachDatabase('finview outputs', (suite) => {
  it('renders a submitted video: succeeded with its files, sizes and the watermark; listed and audited', async () => {
    const app = await renderingApp(suite);
    await suite.sql(`UPDATE finview_settings SET watermark = 'Example Capital'`);
    try {
      const templateId = await publishedTemplate(suite);
      const maker = await actor(suite, app);
      const queued = await submit(app, maker, templateId);
      expect(queued).toMatchObject({ kind: 'video', title: 'Tiny', templateId, templateVersion: 1, origin: 'user', approval: 'none', params: { who: 'world' } });
      expect(['queued', 'running']).toContain(queued.status);
      expect(queued.createdBy).toEqual({ id: Number(maker.userId), username: maker.session.username });
      expect(queued.expiresAt).not.toBeNull();

      const done = await finished(app, maker, queued.id);
      expect(done).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, width: 64, height: 36, fps: 5, durationSeconds: 1, hasPoster: true });
      expect(done.bytes).toBeGreaterThan(0);
      const [row] = await suite.sql<{ video: string; poster: string }>('SELECT video_blob_id AS video, poster_blob_id AS poster FROM finview_outputs WHERE id = $1', [queued.id]);
      const blobs = await suite.sql<{ content_type: string }>('SELECT content_type FROM blobs WHERE id::text IN ($1, $2) ORDER BY content_type', [row?.video, row?.poster]);
      expect(blobs.map((blob) => blob.content_type)).toEqual(['image/jpeg', 'video/mp4']);

      // The watermark is the last scene of what the job renders.
      const [job] = await suite.sql<{ data: { template: { scenes: Array<{ kind: string; text?: string; align?: string }> } } }>('SELECT data FROM jobs WHERE id = $1', [queued.jobId]);
      expect(job?.data.template.scenes.at(-1)).toMatchObject({ kind: 'text', text: 'Example Capital', align: 'end' });

      const list = await sealed(app, maker.session, { method: 'GET', url: `${FINVIEW}/outputs?templateId=${templateId}&status=succeeded` });
      expect(list.statusCode).toBe(200);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.json<OutputAnswer[]>().map((output) => output.id)).toEqual([queued.id]);
      const none = await sealed(app, maker.session, { method: 'GET', url: `${FINVIEW}/outputs?templateId=${templateId}&status=failed` });
      expect(none.json()).toEqual([]);

      const audit = await suite.sql('SELECT action, actor_id::text AS actor FROM audit_log WHERE entity = $1 AND entity_id = $2', ['finview_output', String(queued.id)]);
      expect(audit).toEqual([{ action: 'create', actor: maker.userId }]);
    } finally {
      await suite.sql(`UPDATE finview_settings SET watermark = ''`);
    }
  }, 60_000);

  it('renders a submitted report: a PDF in the blob store with its pages counted, the watermark in every footer', async () => {
    const app = await renderingApp(suite);
    await suite.sql(`UPDATE finview_settings SET watermark = 'Example Capital'`);
    try {
      const templateId = await publishedTemplate(suite, reportTemplate(2), 'report');
      const maker = await actor(suite, app);
      const queued = await submit(app, maker, templateId, { company: 'Example Bank' });
      expect(queued).toMatchObject({ kind: 'report', templateId });
      const done = await finished(app, maker, queued.id, 60_000);
      expect(done).toMatchObject({ status: 'succeeded', progress: 100, kind: 'report', pages: 2, hasPoster: false });
      const [row] = await suite.sql<{ pdf: string | null; video: string | null }>('SELECT pdf_blob_id AS pdf, video_blob_id AS video FROM finview_outputs WHERE id = $1', [queued.id]);
      expect(row?.video).toBeNull();
      const blob = await app.blobs.get(row?.pdf as string);
      expect(blob?.meta.contentType).toBe('application/pdf');
      const chunks: Buffer[] = [];
      for await (const chunk of blob?.stream ?? []) chunks.push(chunk as Buffer);
      const pdf = await PDFDocument.load(Buffer.concat(chunks));
      expect(pdf.getPageCount()).toBe(2);
      // The job carries the watermark to the renderer, which prints it in each page's footer.
      const [job] = await suite.sql<{ data: { footerText?: string; data?: unknown } }>('SELECT data FROM jobs WHERE id = $1', [queued.jobId]);
      expect(JSON.stringify(job?.data)).toContain('Example Capital');
    } finally {
      await suite.sql(`UPDATE finview_settings SET watermark = ''`);
    }
  }, 90_000);

  it('refuses a template without a published version (409) and an unknown one (404)', async () => {
    const app = await buildJobsApp(suite);
    const maker = await actor(suite, app);
    const draft = await draftOnlyTemplate(suite);
    const refused = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs`, payload: { templateId: draft, params: {} } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'finviewNotPublished' });
    const unknown = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs`, payload: { templateId: 99_999_999, params: {} } });
    expect(unknown.statusCode).toBe(404);
    expect(await suite.sql('SELECT 1 FROM finview_outputs WHERE template_id = $1', [draft])).toEqual([]);

    // Params keep their JSON types through the route (no coercion to a union's first branch):
    // a number is an integer, and a number is not a string.
    const typed = await publishedTemplate(suite, tinyVideo(), 'video', { type: 'object', properties: { n: { type: 'integer' }, who: { type: 'string' } }, required: ['n'] });
    const wrongType = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs`, payload: { templateId: typed, params: { n: 7, who: 7 } } });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().reasons).toEqual({ 'params.who': { code: 'type', params: { type: 'string' } } });
    const right = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs`, payload: { templateId: typed, params: { n: 7, who: 'x' } } });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json<OutputAnswer>().params).toEqual({ n: 7, who: 'x' });
  });

  it('cancels a queued render, retries it, and will not delete it while queued', async () => {
    // No workers here: the job stays queued.
    const app = await buildJobsApp(suite);
    const maker = await actor(suite, app);
    const output = await submit(app, maker, await publishedTemplate(suite));
    expect(output.status).toBe('queued');
    const running = await sealed(app, maker.session, { method: 'DELETE', url: `${FINVIEW}/outputs/${output.id}` });
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({ code: 'finviewRunning' });
    const notRetryable = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs/${output.id}/retry` });
    expect(notRetryable.json()).toMatchObject({ code: 'finviewNotRetryable' });

    const cancelled = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs/${output.id}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const again = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs/${output.id}/cancel` });
    expect(again.json()).toMatchObject({ code: 'finviewNotCancellable' });

    const retried = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs/${output.id}/retry` });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', jobId: output.jobId });
    const actions = await suite.sql<{ action: string }>('SELECT action FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id', ['finview_output', String(output.id)]);
    expect(actions.map((entry) => entry.action)).toEqual(['create', 'cancel', 'retry']);
  });

  it('approval: Admin+ only, never by its maker, succeeded only; an approved one is deleted by an Admin alone', async () => {
    const app = await renderingApp(suite);
    const user = await actor(suite, app);
    const adminMaker = await actor(suite, app, 1);
    const checker = await actor(suite, app, 1);
    const templateId = await publishedTemplate(suite);

    const mine = await submit(app, adminMaker, templateId);
    const byUser = await submit(app, user, templateId);
    const notReady = await sealed(app, checker.session, { method: 'POST', url: `${FINVIEW}/outputs/${byUser.id}/approve`, payload: { version: byUser.version } });
    // Either still rendering (409 finviewNotReady) or done already: only the first is checked here.
    if ((await getOutput(app, user, byUser.id)).status !== 'succeeded') expect(notReady.json()).toMatchObject({ code: 'finviewNotReady' });
    await finished(app, adminMaker, mine.id);
    const done = await finished(app, user, byUser.id);

    const ownApproval = await sealed(app, adminMaker.session, { method: 'POST', url: `${FINVIEW}/outputs/${mine.id}/approve`, payload: { version: mine.version } });
    expect(ownApproval.statusCode).toBe(403);
    expect(ownApproval.json()).toMatchObject({ code: 'finviewMakerChecker' });
    const userApproval = await sealed(app, user.session, { method: 'POST', url: `${FINVIEW}/outputs/${mine.id}/approve`, payload: { version: mine.version } });
    expect(userApproval.statusCode).toBe(403);
    expect(userApproval.json()).toMatchObject({ code: 'forbidden' });
    const stale = await sealed(app, checker.session, { method: 'POST', url: `${FINVIEW}/outputs/${byUser.id}/approve`, payload: { version: done.version + 5 } });
    expect(stale.statusCode).toBe(409);

    const approved = await sealed(app, checker.session, { method: 'POST', url: `${FINVIEW}/outputs/${byUser.id}/approve`, payload: { version: done.version } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ approval: 'approved', approvedBy: { id: Number(checker.userId) }, expiresAt: null });

    const userDelete = await sealed(app, user.session, { method: 'DELETE', url: `${FINVIEW}/outputs/${byUser.id}` });
    expect(userDelete.statusCode).toBe(403);
    expect(userDelete.json()).toMatchObject({ code: 'finviewPublishedDelete' });
    const [files] = await suite.sql<{ video: string; poster: string }>('SELECT video_blob_id AS video, poster_blob_id AS poster FROM finview_outputs WHERE id = $1', [byUser.id]);
    const adminDelete = await sealed(app, checker.session, { method: 'DELETE', url: `${FINVIEW}/outputs/${byUser.id}` });
    expect(adminDelete.statusCode).toBe(204);
    expect(await suite.sql('SELECT id FROM blobs WHERE id::text IN ($1, $2)', [files?.video, files?.poster])).toEqual([]);
    const gone = await sealed(app, user.session, { method: 'GET', url: `${FINVIEW}/outputs/${byUser.id}` });
    expect(gone.json()).toMatchObject({ code: 'finviewOutputNotFound' });
    // An unapproved one its maker deletes.
    expect((await sealed(app, adminMaker.session, { method: 'DELETE', url: `${FINVIEW}/outputs/${mine.id}` })).statusCode).toBe(204);
  }, 60_000);

  it('approval on the workflow routes: the same checks (Admin+, not its maker, succeeded only, version), audited; bulk answers per row', async () => {
    const app = await renderingApp(suite);
    const user = await actor(suite, app);
    const adminMaker = await actor(suite, app, 1);
    const checker = await actor(suite, app, 1);
    const templateId = await publishedTemplate(suite);
    const approve = (who: typeof user, id: number, version: number) =>
      sealed(app, who.session, { method: 'POST', url: `${FINVIEW}/outputs/${id}/transitions/approve`, payload: { version } });

    // Not rendered yet (no workers): 409 finviewNotReady, and nothing written.
    const queuedApp = await buildJobsApp(suite);
    const queuedMaker = await actor(suite, queuedApp);
    const queuedChecker = await actor(suite, queuedApp, 1);
    const queued = await submit(queuedApp, queuedMaker, templateId);
    const notReady = await sealed(queuedApp, queuedChecker.session, { method: 'POST', url: `${FINVIEW}/outputs/${queued.id}/transitions/approve`, payload: { version: queued.version } });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toMatchObject({ code: 'finviewNotReady' });

    const mine = await finished(app, adminMaker, (await submit(app, adminMaker, templateId)).id);
    const byUser = await finished(app, user, (await submit(app, user, templateId)).id);
    expect(mine.makerId).toBe(adminMaker.userId);

    const userApproval = await approve(user, byUser.id, byUser.version);
    expect(userApproval.statusCode).toBe(403);
    expect(userApproval.json()).toMatchObject({ code: 'transitionForbidden' });
    const ownApproval = await approve(adminMaker, mine.id, mine.version);
    expect(ownApproval.statusCode).toBe(403);
    expect(ownApproval.json()).toMatchObject({ code: 'makerChecker' });
    const stale = await approve(checker, byUser.id, byUser.version + 5);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleEdit' });
    const missing = await approve(checker, 99_999_999, 1);
    expect(missing.statusCode).toBe(404);

    const approved = await approve(checker, byUser.id, byUser.version);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ approval: 'approved', approvedBy: { id: Number(checker.userId) }, expiresAt: null, version: byUser.version + 1 });
    const again = await approve(checker, byUser.id, byUser.version + 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'transitionNotAllowed' });
    const audit = await suite.sql<{ action: string; actor: string; before: { approval: string }; after: { approval: string } }>(
      'SELECT action, actor_id::text AS actor, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 AND action = $3',
      ['finview_output', String(byUser.id), 'approve'],
    );
    expect(audit.map((entry) => [entry.action, entry.actor, entry.before.approval, entry.after.approval])).toEqual([['approve', checker.userId, 'none', 'approved']]);

    // In bulk, each output answers for itself: the maker's own is refused, the other done.
    const other = await finished(app, user, (await submit(app, user, templateId)).id);
    const bulk = await sealed(app, adminMaker.session, {
      method: 'POST',
      url: `${FINVIEW}/outputs/transitions/approve`,
      payload: { items: [{ id: String(mine.id), version: mine.version }, { id: String(other.id), version: other.version }] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json<{ results: Array<{ id: string; ok: boolean; code?: string }> }>().results.map((row) => [row.id, row.ok, row.code])).toEqual([
      [String(mine.id), false, 'makerChecker'],
      [String(other.id), true, undefined],
    ]);

    // The list speaks the generic protocol: a filter, a sort, the total.
    const list = await sealed(app, checker.session, { method: 'GET', url: `${FINVIEW}/outputs?approval=approved&kind=video&sort=createdAt:asc&page=1&pageSize=5&templateId=${templateId}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<OutputAnswer[]>().map((output) => output.id)).toEqual([byUser.id, other.id]);
    expect(list.headers['x-total-count']).toBe('2');
    // The live stream's ticket where the generic list asks for it.
    const ticket = await sealed(app, user.session, { method: 'POST', url: `${FINVIEW}/outputs/events/ticket` });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json<{ url: string }>().url).toContain('/finview/events?ticket=');
  }, 90_000);

  it('retention deletes finished, unapproved outputs older than retentionDays, as the system, and keeps the rest', async () => {
    const app = await buildJobsApp(suite);
    const maker = await actor(suite, app);
    const templateId = await publishedTemplate(suite);
    const old = await submit(app, maker, templateId);
    const oldQueued = await submit(app, maker, templateId);
    const fresh = await submit(app, maker, templateId);
    for (const output of [old, fresh]) await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs/${output.id}/cancel` });
    await suite.sql(`UPDATE finview_outputs SET created_at = now() - interval '40 days' WHERE id = ANY($1::bigint[])`, [[old.id, oldQueued.id]]);
    expect(await applyRetention(app)).toBeGreaterThanOrEqual(1);
    const left = await suite.sql<{ id: number }>('SELECT id::int AS id FROM finview_outputs WHERE id = ANY($1::bigint[]) ORDER BY id', [[old.id, oldQueued.id, fresh.id]]);
    expect(left.map((row) => row.id)).toEqual([oldQueued.id, fresh.id]);
    const audit = await suite.sql('SELECT action, actor_id FROM audit_log WHERE entity = $1 AND entity_id = $2 AND action = $3', ['finview_output', String(old.id), 'delete']);
    expect(audit).toEqual([{ action: 'delete', actor_id: null }]);
  });
});
