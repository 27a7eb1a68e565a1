import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import type { BrandAnswer, FinviewSettings } from '../../../common/domains/finview/model';
import { call, counts, finviewCallers } from './core-helper';

async function pngDataUrl(): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describeEachDatabase('finview settings', (suite) => {
  it('are read and saved by Admins only, the logo re-encoded into the blob store, stale and bad edits refused whole', async () => {
    const { app, user, admin } = await finviewCallers(suite);
    expect((await call(app, user, 'GET', '/settings')).statusCode).toBe(403);
    const initial = await call(app, admin, 'GET', '/settings');
    expect(initial.statusCode, initial.body).toBe(200);
    const settings = initial.json<FinviewSettings>();
    expect(settings).toMatchObject({ maxWidth: 1920, maxHeight: 1080, defaultFps: 30, logo: null, watermark: '', version: 1, updatedBy: null });

    const { updatedAt: _at, updatedBy: _by, ...editable } = settings;
    expect((await call(app, user, 'PUT', '/settings', { ...editable, watermark: 'x' })).statusCode).toBe(403);

    const before = await counts(suite, ['audit_log', 'blobs']);
    const bad = await call(app, admin, 'PUT', '/settings', {
      ...editable,
      maxWidth: 1921,
      maxFps: 24,
      defaultFps: 25,
      retentionDays: 0,
      brand: { ...settings.brand, accent: 'red' },
      watermark: 'w'.repeat(81),
      logo: 'data:image/png;base64,aGVsbG8=',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().reasons).toEqual({
      maxWidth: { code: 'evenNumber' },
      defaultFps: { code: 'tooLarge', params: { limit: 24 } },
      retentionDays: { code: 'tooSmall', params: { limit: 1 } },
      'brand.accent': { code: 'invalid' },
      watermark: { code: 'tooLong', params: { limit: 80 } },
      logo: { code: 'imageType' },
    });
    expect(await counts(suite, ['audit_log', 'blobs'])).toEqual(before);

    const logo = await pngDataUrl();
    const saved = await call(app, admin, 'PUT', '/settings', { ...editable, watermark: 'Demo Bank', maxFps: 60, logo });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<FinviewSettings>();
    expect(after).toMatchObject({ watermark: 'Demo Bank', maxFps: 60, version: 2, updatedBy: { username: 'admin' } });
    expect(after.logo).toMatch(/^data:image\/png;base64,/);
    const [row] = await suite.sql<{ logo_blob_id: string }>('SELECT logo_blob_id FROM finview_settings');
    expect(row?.logo_blob_id).toBeTruthy();

    const stale = await call(app, admin, 'PUT', '/settings', { ...editable, watermark: 'late' });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'staleEdit']);

    // Every role reads the brand, logo and caps.
    const brand = (await call(app, user, 'GET', '/brand')).json<BrandAnswer>();
    expect(brand).toEqual({ brand: settings.brand, logo: after.logo, watermark: 'Demo Bank', caps: { maxWidth: 1920, maxHeight: 1080, maxDurationSeconds: 120, maxFps: 60, defaultFps: 30 } });

    // Removing the logo deletes its blob.
    const removed = await call(app, admin, 'PUT', '/settings', { ...editable, version: 2, logo: null });
    expect(removed.json<FinviewSettings>().logo).toBeNull();
    expect(await suite.sql('SELECT 1 FROM blobs WHERE id::text = $1', [row?.logo_blob_id])).toEqual([]);
    const audit = await suite.sql<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'finview_settings' ORDER BY id`);
    expect(audit.map((entry) => entry.action)).toEqual(['update', 'update']);
  });
});
