import { describe, expect, it } from 'vitest';
import type { MediaAnswer } from '../../../common/domains/finview/model.js';
import { describeEachDatabase, sealed } from '../helper.js';
import { readTicket, signTicket } from '../../../server/src/modules/finview/media-tickets.js';
import { actor, finished, FINVIEW, publishedTemplate, renderingApp, submit } from './outputs-helper.js';

describeEachDatabase('finview media tickets', (suite) => {
  it('serves the video by ticket with ranges (206, 416), the poster and a download; signing out ends the tickets', async () => {
    const app = await renderingApp(suite);
    const maker = await actor(suite, app);
    const output = await submit(app, maker, await publishedTemplate(suite));
    const notReady = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs/${output.id}/media` });
    if (notReady.statusCode !== 200) expect(notReady.json()).toMatchObject({ code: 'finviewNotReady' });
    const done = await finished(app, maker, output.id);
    expect(done.status).toBe('succeeded');

    const media = await sealed(app, maker.session, { method: 'POST', url: `${FINVIEW}/outputs/${output.id}/media` });
    expect(media.statusCode, media.body).toBe(200);
    const urls = media.json<MediaAnswer>();
    expect(urls.video).toMatch(/\/be-api-management\/finview\/media\//);
    expect(urls.pdf).toBeUndefined();
    expect(Date.parse(urls.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    const whole = await app.inject({ method: 'GET', url: urls.video as string });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=600' });
    expect(whole.headers['content-disposition']).toMatch(/^inline;/);
    const bytes = whole.rawPayload;
    expect(bytes.length).toBe(done.bytes);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const part = await app.inject({ method: 'GET', url: urls.video as string, headers: { range: 'bytes=10-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-99/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(10, 100))).toBe(true);
    const tail = await app.inject({ method: 'GET', url: urls.video as string, headers: { range: 'bytes=-16' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 16))).toBe(true);
    const past = await app.inject({ method: 'GET', url: urls.video as string, headers: { range: `bytes=${bytes.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const poster = await app.inject({ method: 'GET', url: urls.poster as string });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const download = await app.inject({ method: 'GET', url: urls.download as string });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Tiny-[^"]*\.mp4"/);
    const audit = await suite.sql<{ action: string }>('SELECT action FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id', ['finview_output', String(output.id)]);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'download']);

    // A forged or altered ticket.
    const forged = await app.inject({ method: 'GET', url: `${(urls.video as string).slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);

    const logout = await sealed(app, maker.session, { method: 'POST', url: '/backoffice/api/logout' });
    expect(logout.statusCode).toBeLessThan(300);
    const afterLogout = await app.inject({ method: 'GET', url: urls.video as string });
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toMatchObject({ code: 'finviewMediaExpired' });
  }, 60_000);
});

describe('finview tickets', () => {
  const key = Buffer.alloc(32, 7);
  it('reads back what was signed, refuses another kind or a changed byte (404) and an expired one (401)', () => {
    const later = Math.floor(Date.now() / 1000) + 60;
    const ticket = signTicket(key, { k: 'media', o: 12, f: 'download', s: '3', u: '4', e: later });
    expect(ticket.length).toBeLessThan(100);
    expect(readTicket(key, ticket, 'media')).toEqual({ k: 'media', o: 12, f: 'download', s: '3', u: '4', e: later });
    expect(() => readTicket(key, ticket, 'events')).toThrow(expect.objectContaining({ statusCode: 404 }));
    expect(() => readTicket(key, ticket.replace('.12.', '.13.'), 'media')).toThrow(expect.objectContaining({ statusCode: 404 }));
    expect(() => readTicket(Buffer.alloc(32, 8), ticket, 'media')).toThrow(expect.objectContaining({ statusCode: 404 }));
    const expired = signTicket(key, { k: 'events', s: '3', e: Math.floor(Date.now() / 1000) - 1 });
    expect(() => readTicket(key, expired, 'events')).toThrow(expect.objectContaining({ statusCode: 401, code: 'finviewMediaExpired' }));
  });
});
