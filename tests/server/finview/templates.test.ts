import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import type { TemplateDetail, TemplateVersion } from '../../../common/domains/finview/model';
import type { VideoTemplate } from '../../../common/domains/finview/template';
import { call, companyWithNews, counts, finviewCallers } from './core-helper';

const TABLES = ['finview_templates', 'finview_template_versions', 'audit_log'];

describeEachDatabase('finview templates', (suite) => {
  it('creates the starter, saves drafts, publishes with the full check and never changes a published version', async () => {
    const { app, user } = await finviewCallers(suite);
    await companyWithNews(suite, 'Starter Bank', [0, 1]);
    const created = await call(app, user, 'POST', '/templates', { name: 'Daily news', kind: 'video' });
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json<TemplateDetail>();
    expect(detail).toMatchObject({ name: 'Daily news', kind: 'video', latestVersion: 1, publishedVersion: null, draftVersion: 1, versions: [{ version: 1, status: 'draft' }] });

    const v1 = (await call(app, user, 'GET', `/templates/${detail.id}/versions/1`)).json<TemplateVersion>();
    const body = v1.body as VideoTemplate;
    expect(body.size).toEqual({ width: 1920, height: 1080 });
    expect(body.durationSeconds).toBe(10);
    expect(body.fps).toBe(30);
    expect(body.scenes.map((scene) => scene.kind)).toEqual(['title', 'bar-chart']);
    expect(v1.bindings).toEqual({ chart: { plugin: 'news-counts', args: { companyId: { param: 'companyId' }, status: 'APPROVED', days: 7 } } });
    expect(v1.paramsSchema.required).toEqual(['companyId']);

    const taken = await call(app, user, 'POST', '/templates', { name: 'DAILY NEWS', kind: 'report' });
    expect([taken.statusCode, taken.json().reasons]).toEqual([409, { name: { code: 'nameTaken' } }]);

    // The starter publishes as it is.
    const published = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: detail.version });
    expect(published.statusCode, published.body).toBe(200);
    const afterPublish = published.json<TemplateDetail>();
    expect(afterPublish).toMatchObject({ publishedVersion: 1, draftVersion: null, versions: [{ version: 1, status: 'published' }] });

    // Publishing again: nothing to publish.
    const again = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: afterPublish.version });
    expect([again.statusCode, again.json().code]).toEqual([409, 'finviewPublished']);

    // Editing after publish makes version 2; a stale row version is refused.
    const stale = await call(app, user, 'PUT', `/templates/${detail.id}/draft`, { body, paramsSchema: v1.paramsSchema, bindings: v1.bindings, version: detail.version });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'staleEdit']);
    const tooBig: VideoTemplate = { ...body, size: { width: 3840, height: 2160 }, fps: 60 };
    const draft = await call(app, user, 'PUT', `/templates/${detail.id}/draft`, { body: tooBig, paramsSchema: v1.paramsSchema, bindings: v1.bindings, version: afterPublish.version });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json<TemplateVersion>()).toMatchObject({ version: 2, status: 'draft' });
    const withDraft = (await call(app, user, 'GET', `/templates/${detail.id}`)).json<TemplateDetail>();
    expect(withDraft).toMatchObject({ latestVersion: 2, publishedVersion: 1, draftVersion: 2 });

    // Beyond the caps: 422 with the caps named; nothing published.
    const before = await counts(suite, TABLES);
    const capped = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: withDraft.version });
    expect(capped.statusCode).toBe(422);
    expect(capped.json().reasons).toEqual({ 'body.size': { code: 'maxValue', params: { max: 1920 } }, 'body.fps': { code: 'maxValue', params: { max: 30 } } });
    expect(await counts(suite, TABLES)).toEqual(before);

    // A scene bound to nothing, a binding to an unknown plugin, a schema outside the subset.
    const unbound: VideoTemplate = { ...body, scenes: [...body.scenes, { kind: 'ticker', start: 0, end: 2, bind: 'ticks', items: ['x'] }] };
    await call(app, user, 'PUT', `/templates/${detail.id}/draft`, { body: unbound, paramsSchema: v1.paramsSchema, bindings: { ...v1.bindings }, version: withDraft.version });
    let current = (await call(app, user, 'GET', `/templates/${detail.id}`)).json<TemplateDetail>();
    const missing = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: current.version });
    expect([missing.statusCode, missing.json().reasons]).toEqual([422, { 'bindings.ticks': { code: 'bindingMissing' } }]);

    await call(app, user, 'PUT', `/templates/${detail.id}/draft`, { body: unbound, paramsSchema: v1.paramsSchema, bindings: { ...v1.bindings, ticks: { plugin: 'stocks', args: {} } }, version: current.version });
    current = (await call(app, user, 'GET', `/templates/${detail.id}`)).json<TemplateDetail>();
    const unknown = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: current.version });
    expect(unknown.json().reasons).toEqual({ 'bindings.ticks': { code: 'pluginUnknown' } });

    await call(app, user, 'PUT', `/templates/${detail.id}/draft`, { body, paramsSchema: { type: 'object', properties: { x: { type: 'object' } } }, bindings: v1.bindings, version: current.version });
    current = (await call(app, user, 'GET', `/templates/${detail.id}`)).json<TemplateDetail>();
    const badSchema = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: current.version });
    expect([badSchema.statusCode, badSchema.json().code, Object.keys(badSchema.json().errors)]).toEqual([422, 'finviewTemplateInvalid', ['paramsSchema']]);

    // An invalid body lists the schema's problems.
    await call(app, user, 'PUT', `/templates/${detail.id}/draft`, { body: { ...body, fps: 0 }, paramsSchema: v1.paramsSchema, bindings: v1.bindings, version: current.version });
    current = (await call(app, user, 'GET', `/templates/${detail.id}`)).json<TemplateDetail>();
    const invalid = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: current.version });
    expect([invalid.statusCode, invalid.json().code]).toEqual([422, 'finviewTemplateInvalid']);
    expect(invalid.json().errors.body).toContain('/fps');

    // The published version never changes, even by SQL.
    await expect(suite.sql(`UPDATE finview_template_versions SET body = '{}' WHERE template_id = $1 AND version = 1`, [detail.id])).rejects.toThrow(/immutable/);
    const v1Again = (await call(app, user, 'GET', `/templates/${detail.id}/versions/1`)).json<TemplateVersion>();
    expect(v1Again.body).toEqual(v1.body);

    // A switched-off widget refuses publish.
    await call(app, user, 'PUT', `/templates/${detail.id}/draft`, { body, paramsSchema: v1.paramsSchema, bindings: v1.bindings, version: current.version });
    current = (await call(app, user, 'GET', `/templates/${detail.id}`)).json<TemplateDetail>();
    await suite.sql(`UPDATE finview_plugins SET enabled = false WHERE id = 'bar-chart'`);
    const off = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: current.version });
    expect([off.statusCode, off.json().code, off.json().params]).toEqual([422, 'finviewPluginOff', { plugin: 'bar-chart' }]);
    await suite.sql(`UPDATE finview_plugins SET enabled = true WHERE id = 'bar-chart'`);
    const ok = await call(app, user, 'POST', `/templates/${detail.id}/publish`, { version: current.version });
    expect(ok.json<TemplateDetail>()).toMatchObject({ publishedVersion: 2, draftVersion: null });

    // Lists, archive.
    const list = await call(app, user, 'GET', '/templates?kind=video&q=daily');
    expect([list.headers['x-total-count'], list.json<TemplateDetail[]>().map((row) => row.id)]).toEqual(['1', [detail.id]]);
    expect((await call(app, user, 'DELETE', `/templates/${detail.id}`)).statusCode).toBe(204);
    expect((await call(app, user, 'GET', '/templates')).json()).toEqual([]);
    expect((await call(app, user, 'GET', '/templates?archived=true')).json<TemplateDetail[]>().map((row) => row.id)).toEqual([detail.id]);
    const actions = await suite.sql<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'finview_template' AND entity_id = $1 ORDER BY id`, [String(detail.id)]);
    expect(actions.map((row) => row.action)).toEqual(['create', 'publish', 'update', 'update', 'update', 'update', 'update', 'update', 'publish', 'archive']);
  });

  it('answers 404 for unknown templates and versions, and starts a report from its starter', async () => {
    const { app, user } = await finviewCallers(suite);
    expect((await call(app, user, 'GET', '/templates/999999')).json().code).toBe('finviewTemplateNotFound');
    const report = (await call(app, user, 'POST', '/templates', { name: 'Weekly report', kind: 'report' })).json<TemplateDetail>();
    expect((await call(app, user, 'GET', `/templates/${report.id}/versions/9`)).json().code).toBe('finviewVersionNotFound');
    const published = await call(app, user, 'POST', `/templates/${report.id}/publish`, { version: report.version });
    expect(published.statusCode, published.body).toBe(200);
  });
});
