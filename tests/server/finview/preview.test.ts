import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import type { TemplateDetail, TemplateVersion } from '../../../common/domains/finview/model';
import type { VideoTemplate } from '../../../common/domains/finview/template';
import { call, companyWithNews, finviewCallers } from './core-helper';

const hasChromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');

describeEachDatabase('finview preview', (suite) => {
  it('draws a video frame with real data, at most 960 px wide, and refuses an invalid template', async () => {
    const { app, user } = await finviewCallers(suite);
    const company = await companyWithNews(suite, 'Preview Bank', [0, 0, 0, 1]);
    const template = (await call(app, user, 'POST', '/templates', { name: 'Preview', kind: 'video' })).json<TemplateDetail>();
    const v1 = (await call(app, user, 'GET', `/templates/${template.id}/versions/1`)).json<TemplateVersion>();
    const request = { kind: 'video', body: v1.body, paramsSchema: v1.paramsSchema, bindings: v1.bindings };

    const frame = await call(app, user, 'POST', '/preview', { ...request, params: { companyId: company } });
    expect(frame.statusCode, frame.body).toBe(200);
    expect([frame.headers['content-type'], frame.headers['cache-control']]).toEqual(['image/png', 'no-store']);
    const meta = await sharp(frame.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 960, 540]);

    // No companyId: the plugin's sample (a company with news) is drawn instead.
    const sampled = await call(app, user, 'POST', '/preview', { ...request, at: 0 });
    expect(sampled.statusCode, sampled.body).toBe(200);
    expect(Buffer.compare(sampled.rawPayload, frame.rawPayload)).not.toBe(0);

    const body = v1.body as VideoTemplate;
    const invalid = await call(app, user, 'POST', '/preview', { ...request, body: { ...body, scenes: [{ ...body.scenes[0], end: 999 }] } });
    expect([invalid.statusCode, invalid.json().code]).toEqual([422, 'finviewTemplateInvalid']);
    const badParam = await call(app, user, 'POST', '/preview', { ...request, params: { companyId: 'x' } });
    expect([badParam.statusCode, badParam.json().reasons]).toEqual([422, { 'params.companyId': { code: 'type', params: { type: 'integer' } } }]);
    const missingCompany = await call(app, user, 'POST', '/preview', { ...request, params: { companyId: 999999 } });
    expect(missingCompany.json().reasons).toEqual({ 'bindings.chart': { code: 'companyMissing', params: { arg: 'companyId' } } });

    // Two at once from one user: the second waits for the first, both answer.
    const [one, two] = await Promise.all([call(app, user, 'POST', '/preview', request), call(app, user, 'POST', '/preview', request)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
  });

  it.skipIf(!hasChromium)('screenshots a report’s first page', async () => {
    const { app, user } = await finviewCallers(suite);
    await companyWithNews(suite, 'Report Bank', [0]);
    const template = (await call(app, user, 'POST', '/templates', { name: 'Report preview', kind: 'report' })).json<TemplateDetail>();
    const v1 = (await call(app, user, 'GET', `/templates/${template.id}/versions/1`)).json<TemplateVersion>();
    const page = await call(app, user, 'POST', '/preview', { kind: 'report', body: v1.body, paramsSchema: v1.paramsSchema, bindings: v1.bindings });
    expect(page.statusCode, page.body).toBe(200);
    expect((await sharp(page.rawPayload).metadata()).width).toBe(800);
  });
});
