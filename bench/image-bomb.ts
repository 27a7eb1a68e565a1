import { readFileSync, writeFileSync } from 'node:fs';
import { bombPng, dataUrlOf } from '../tests/fixtures/image-bomb';
import { formData, subjectInput } from '../tests/fixtures/kyc-forms';
import { everyAreaBenchApp } from './scratch-database';
import { loginCaller, timedCall, type Caller } from './news-list';
import { ms } from './stats';

// Issue 23 item 1: the image decompression bomb, a 290 KB PNG that decodes to 10000×10000 pixels,
// put in a template's logo scene (saved, then previewed), sent as the finview settings logo and
// as a KYC picture; beside it, a logo and a KYC picture at their limits (what an accepted image costs).
// For each request: the answer, its time, and the growth of this process's peak RSS while it was
// answered (the kernel's VmHWM, reset before each request through /proc/self/clear_refs, so a
// short spike between samples is not missed). `npx tsx bench/image-bomb.ts` (PGlite in memory).

const API = '/backoffice/api/be-api-management/finview';
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
const line = (label: string, figure: string) => console.log(`${label.padEnd(40)} ${figure}`);

function statusKb(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(match?.[1] ?? 0);
}

async function measured(caller: Caller, label: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown, form?: { payload: Buffer; contentType: string }) {
  globalThis.gc?.();
  const before = statusKb('VmRSS');
  // "5" resets the peak RSS to the current RSS (Linux 4.0+).
  writeFileSync('/proc/self/clear_refs', '5');
  const { response, elapsed } = await timedCall(caller, {
    method: method as 'POST',
    url: url.startsWith('/backoffice') ? url : `${API}${url}`,
    ...(form ? { payload: form.payload, headers: { 'content-type': form.contentType } } : {}),
    ...(payload === undefined ? {} : { payload: Buffer.from(JSON.stringify(payload)), headers: { 'content-type': 'application/json' } }),
  });
  const peak = statusKb('VmHWM');
  const code = response.headers['content-type']?.toString().startsWith('application/json') ? (response.json<{ code?: string }>().code ?? '') : response.headers['content-type'];
  line(label, `${response.statusCode} ${code} in ${ms(elapsed)}; RSS ${mb(before)} -> peak ${mb(peak)} (+${mb(peak - before)})`);
  return response;
}

function formOf(fields: Record<string, string>) {
  const form = formData(fields);
  return { payload: form.payload, headers: { 'content-type': form.contentType } };
}

export async function benchImageBomb(): Promise<void> {
  console.log('\nImage decompression bomb (issue 23 item 1)');
  const { app, db, close } = await everyAreaBenchApp();
  try {
    const caller = await loginCaller(app);
    const bomb = await bombPng(10_000, 10_000);
    console.log(`bomb: PNG ${(bomb.length / 1024).toFixed(0)} kB, 10000x10000 RGB (300 MB of pixels)`);
    const created = await timedCall(caller, {
      method: 'POST',
      url: `${API}/templates`,
      payload: Buffer.from(JSON.stringify({ name: 'Bomb', kind: 'video' })),
      headers: { 'content-type': 'application/json' },
    });
    const template = created.response.json<{ id: number; version: number }>();
    const v1 = (await timedCall(caller, { method: 'GET', url: `${API}/templates/${template.id}/versions/1` })).response.json<{ body: { scenes: unknown[] }; paramsSchema: unknown; bindings: unknown }>();
    const body = { ...v1.body, scenes: [...v1.body.scenes, { kind: 'logo', start: 0, end: 1, image: { dataUrl: dataUrlOf(bomb) }, position: 'top-right', size: 0.2 }] };
    // A company with news, for the template's chart (the preview binds real data).
    const { rows } = await db.query<{ id: number }>(`INSERT INTO companies (comp_name, isin, sector) VALUES ('Bomb Bank', 'INBOMB000001', 'Banks') RETURNING company_id::int AS id`);
    const companyId = rows[0]?.id;
    await db.query(`INSERT INTO news (source_table, company_id, headline, published_at, news_status) VALUES ('news_feed', $1, 'Headline', now(), 'APPROVED')`, [companyId]);
    line('RSS idle', mb(statusKb('VmRSS')));
    await measured(caller, 'template draft saved with the bomb', 'PUT', `/templates/${template.id}/draft`, { body, paramsSchema: v1.paramsSchema, bindings: v1.bindings, version: template.version });
    await measured(caller, 'preview of a frame with the bomb', 'POST', '/preview', { kind: 'video', body, paramsSchema: v1.paramsSchema, bindings: v1.bindings, params: { companyId }, at: 0.5 });
    // A logo of a usual size first: the first preview also starts the worker thread.
    const usual = { ...v1.body, scenes: [...v1.body.scenes, { kind: 'logo', start: 0, end: 1, image: { dataUrl: dataUrlOf(await bombPng(600, 200)) }, position: 'top-right', size: 0.2 }] };
    await measured(caller, 'preview, a 600x200 logo', 'POST', '/preview', { kind: 'video', body: usual, paramsSchema: v1.paramsSchema, bindings: v1.bindings, params: { companyId }, at: 0.5 });
    // The largest logo the guard lets through (4000×2000 = 8 megapixels): what an accepted image may cost.
    const atLimit = { ...v1.body, scenes: [...v1.body.scenes, { kind: 'logo', start: 0, end: 1, image: { dataUrl: dataUrlOf(await bombPng(4000, 2000)) }, position: 'top-right', size: 0.2 }] };
    await measured(caller, 'preview, a 4000x2000 logo (the limit)', 'POST', '/preview', { kind: 'video', body: atLimit, paramsSchema: v1.paramsSchema, bindings: v1.bindings, params: { companyId }, at: 0.5 });
    const settings = (await timedCall(caller, { method: 'GET', url: `${API}/settings` })).response.json<{ version: number }>();
    await measured(caller, 'settings logo: the bomb', 'PUT', '/settings', { version: settings.version, logo: dataUrlOf(bomb) });
    const KYC = '/backoffice/api/be-api-management/kyc';
    const subject = await timedCall(caller, { method: 'POST', url: `${KYC}/subjects`, ...formOf({ subject: JSON.stringify(subjectInput()) }) });
    const subjectId = subject.response.json<{ id: number }>().id;
    const picture = (content: Buffer) => formData({}, [{ field: 'file', filename: 'picture.png', content, contentType: 'image/png' }]);
    await measured(caller, 'KYC picture: the bomb', 'POST', `${KYC}/subjects/${subjectId}/documents/picture`, undefined, picture(bomb));
    await measured(caller, 'KYC picture, 6320x6320 (the 40 MP limit)', 'POST', `${KYC}/subjects/${subjectId}/documents/picture`, undefined, picture(await bombPng(6320, 6320)));
    line('RSS after', mb(statusKb('VmRSS')));
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchImageBomb();
