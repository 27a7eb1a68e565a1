import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, sealed, uniqueName, type SuiteContext } from '../helper';
import type { TemplateDetail, TemplateVersion } from '../../../common/domains/finview/model';
import type { VideoTemplate } from '../../../common/domains/finview/template';
import { assertSvgImages, guardedSharp, readImageHeader } from '../../../server/src/lib/upload-guard/image';
import { rasteriseFrame } from '../../../server/src/modules/finview/render/yuv-frames';
import { bombPng, dataUrlOf } from '../../fixtures/image-bomb';
import { buildJobsApp } from '../lib/jobs/jobs-helper';
import { call, companyWithNews, finviewCallers } from './core-helper';
import { actor, FINVIEW, publishedTemplate, tinyVideo } from './outputs-helper';

// Issue 23, item 1: a 290 KB PNG that decodes to 10000×10000 pixels (300 MB), put wherever
// finview takes an image. Each place refuses it from its header, before any pixel is decoded,
// with 422 imageTooLarge and the reason on the image's field.

let bomb: Buffer;
beforeAll(async () => {
  bomb = await bombPng(10_000, 10_000);
});

const tooLarge = { code: 'imagePixels', params: { megapixels: 8 } };

function withLogo(body: VideoTemplate, dataUrl: string): VideoTemplate {
  return { ...body, scenes: [...body.scenes, { kind: 'logo', start: 0, end: 1, image: { dataUrl }, position: 'top-right', size: 0.2 }] };
}

describeEachDatabase('finview image bombs', (suite) => {
  async function templateWithBomb(suite: SuiteContext) {
    const callers = await finviewCallers(suite);
    const { app, user } = callers;
    const company = await companyWithNews(suite, uniqueName('Bomb Bank '), [0, 1]);
    const template = (await call(app, user, 'POST', '/templates', { name: uniqueName('Logo bomb '), kind: 'video' })).json<TemplateDetail>();
    const v1 = (await call(app, user, 'GET', `/templates/${template.id}/versions/1`)).json<TemplateVersion>();
    const body = withLogo(v1.body as VideoTemplate, dataUrlOf(bomb));
    const field = `body.scenes.${body.scenes.length - 1}.image`;
    const preview = (sent: VideoTemplate) => call(app, user, 'POST', '/preview', { kind: 'video', body: sent, paramsSchema: v1.paramsSchema, bindings: v1.bindings, params: { companyId: company }, at: 0.5 });
    return { ...callers, template, v1, body, field, preview };
  }

  it('refuses a template logo that decodes to 10000² pixels when the draft is saved', async () => {
    const { app, user, template, v1, body, field } = await templateWithBomb(suite);
    const saved = await call(app, user, 'PUT', `/templates/${template.id}/draft`, { body, paramsSchema: v1.paramsSchema, bindings: v1.bindings, version: template.version });
    expect([saved.statusCode, saved.json().code]).toEqual([422, 'imageTooLarge']);
    expect(saved.json()).toMatchObject({ params: { megapixels: 8 }, reasons: { [field]: tooLarge }, message: 'The image has more than 8 megapixels; use a smaller one.' });
  });

  it('refuses it in the preview, inline or from the blob store, and still draws a logo of a sane size', async () => {
    const { app, v1, body, field, preview } = await templateWithBomb(suite);
    const inline = await preview(body);
    expect([inline.statusCode, inline.json().code]).toEqual([422, 'imageTooLarge']);
    expect(inline.json().reasons).toEqual({ [field]: tooLarge });

    // A logo kept in the blob store (a blob id in the template) is checked when the preview binds it.
    const blob = await app.db.transaction((tx) => app.blobs.put(tx, bomb, { contentType: 'image/png', filename: 'bomb.png' }));
    const byBlob = withLogo(v1.body as VideoTemplate, 'data:image/png;base64,AAAA');
    (byBlob.scenes[byBlob.scenes.length - 1] as { image: unknown }).image = { blobId: blob.id };
    const fromBlob = await preview(byBlob);
    expect([fromBlob.statusCode, fromBlob.json().code]).toEqual([422, 'imageTooLarge']);

    const small = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#204080' } }).png().toBuffer();
    const fine = await preview(withLogo(v1.body as VideoTemplate, dataUrlOf(small)));
    expect(fine.statusCode, fine.body).toBe(200);
    expect((await sharp(fine.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses it at publish of a draft stored before the check', async () => {
    const { app, user, template, body } = await templateWithBomb(suite);
    // Written straight into the table, as a draft saved before this check was.
    await suite.sql(`UPDATE finview_template_versions SET body = $2::jsonb WHERE template_id = $1 AND version = 1`, [template.id, JSON.stringify(body)]);
    const published = await call(app, user, 'POST', `/templates/${template.id}/publish`, { version: template.version });
    expect([published.statusCode, published.json().code]).toEqual([422, 'imageTooLarge']);
  });

  it('refuses an output of a template published with it before the check, inline or from the blob store', async () => {
    const app = await buildJobsApp(suite);
    const who = await actor(suite, app);
    const inline = await publishedTemplate(suite, withLogo(tinyVideo(), dataUrlOf(bomb)));
    const blob = await app.db.transaction((tx) => app.blobs.put(tx, bomb, { contentType: 'image/png', filename: 'bomb.png' }));
    const byBlob = withLogo(tinyVideo(), 'data:image/png;base64,AAAA');
    (byBlob.scenes[byBlob.scenes.length - 1] as { image: unknown }).image = { blobId: blob.id };
    const fromBlob = await publishedTemplate(suite, byBlob);
    for (const templateId of [inline, fromBlob]) {
      const response = await sealed(app, who.session, { method: 'POST', url: `${FINVIEW}/outputs`, payload: { templateId, params: { who: 'world' }, title: 'Bomb' } });
      expect([response.statusCode, response.json().code]).toEqual([422, 'imageTooLarge']);
    }
    expect(await suite.sql('SELECT 1 FROM finview_outputs WHERE template_id = ANY($1::bigint[])', [[inline, fromBlob]])).toEqual([]);
  });

  it('refuses a settings logo over the logos’ pixel limit, saying so', async () => {
    const { app, admin } = await finviewCallers(suite);
    const settings = (await call(app, admin, 'GET', '/settings')).json<{ version: number }>();
    const refused = await call(app, admin, 'PUT', '/settings', { version: settings.version, logo: dataUrlOf(bomb) });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'imageTooLarge', reasons: { logo: tooLarge } });
    const [row] = await suite.sql<{ logo_blob_id: string | null }>('SELECT logo_blob_id FROM finview_settings');
    expect(row?.logo_blob_id).toBeNull();
  });
});

describe('the image guard', () => {
  it('reads a bomb’s size from its header alone', async () => {
    expect(bomb.length).toBeLessThan(400_000);
    expect(await readImageHeader(bomb)).toEqual({ format: 'png', width: 10_000, height: 10_000 });
  });

  it('refuses an SVG that embeds a bomb before librsvg decodes it, and draws one that embeds a small image', async () => {
    const svg = (href: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"><image x="0" y="0" width="64" height="64" xlink:href="${href}"/></svg>`;
    await expect(assertSvgImages(svg(dataUrlOf(bomb)), 8_000_000)).rejects.toMatchObject({ statusCode: 422, code: 'imageTooLarge' });
    await expect(rasteriseFrame(svg(dataUrlOf(bomb)), 64, 64)).rejects.toMatchObject({ statusCode: 422, code: 'imageTooLarge' });
    // An SVG inside the SVG is not a raster image the guard can measure: refused too.
    await expect(assertSvgImages(svg('data:image/svg+xml;base64,PHN2Zy8+'), 8_000_000)).rejects.toMatchObject({ code: 'imageUnreadable' });
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const drawn = await rasteriseFrame(svg(dataUrlOf(small)), 64, 64);
    expect(drawn.length).toBe(64 * 64 * 4);
  });

  it('opens every image with sharp’s pixel limit', async () => {
    await expect(guardedSharp(bomb, { maxPixels: 1_000_000 })).rejects.toMatchObject({ code: 'imageTooLarge', params: { megapixels: 1 } });
    const small = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    // An SVG canvas larger than allowed: libvips stops it at limitInputPixels.
    const wide = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="5000"/>');
    await expect((await guardedSharp(wide, { maxPixels: 1_000_000 })).png().toBuffer()).rejects.toThrow(/pixel limit/);
    expect((await (await guardedSharp(small, { maxPixels: 1_000_000 })).metadata()).width).toBe(20);
  });
});
