import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { makeOfflineEkycZip, makeTestSigner } from '../../fixtures/offline-ekyc';
import { call } from '../admin/admin-helper';
import { describeEachDatabase, type Session } from '../helper';
import { plainImage } from './kyc-fixtures';
import { kycCall, kycCallers, newAadhaar, postForm, postSubject, subjectInput, type Document, type Subject } from './kyc-helper';
import { EXCEL_API_KEY, get as newsGet, postMultipart as newsPostMultipart } from '../news/news-helper';

// Issue 11, "Must show": no full Aadhaar number anywhere after a whole KYC run through the
// real routes — not in any answer (bodies, headers, files served, exports unzipped), not in
// any line the server logged (at trace level), not in any row of any table but the vault —
// while the vault does hold each number, encrypted.

/** Between two digits: nothing, or a space, hyphen, dot, plus or their URL escapes, as people and URLs write numbers. */
const SEPARATOR = String.raw`(?:[\s\-.+_/]|%20|%2[bBdD])?`;

const spaced = (number: string) => `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`;
const hyphened = (number: string) => `${number.slice(0, 4)}-${number.slice(4, 8)}-${number.slice(8)}`;

/** Every way `digits` can be written: with any of the separators between its digits, or as the hex of those characters (how a bytea shows them). */
function writtenForms(digits: string): RegExp {
  const text = [...digits].join(SEPARATOR);
  const hex = [digits, spaced(digits), hyphened(digits)].map((form) => Buffer.from(form, 'latin1').toString('hex'));
  return new RegExp([text, ...hex].join('|'), 'i');
}

interface Captured {
  source: string;
  text: string;
}

/**
 * Where any of `numbers` shows up in full, and where its first 8 digits (what masking hides)
 * do in text that is not a hex dump: a long hex run (a bytea, a digest) holds 8 digits by
 * chance once in a while, 12 never in practice.
 */
function leaks(captured: readonly Captured[], numbers: readonly string[]): string[] {
  const found: string[] = [];
  for (const { source, text } of captured) {
    const readable = text.replace(/[0-9a-f]{32,}/gi, '<hex>');
    for (const number of numbers) {
      for (const [what, pattern, haystack] of [
        ['full number', writtenForms(number), text],
        ['first 8 digits', writtenForms(number.slice(0, 8)), readable],
      ] as const) {
        const match = pattern.exec(haystack);
        if (match) found.push(`${what} of …${number.slice(-4)} in ${source}: …${haystack.slice(Math.max(0, match.index - 60), match.index + 80)}…`);
      }
    }
  }
  return found;
}

/** A valid-looking 12 digits whose check digit is wrong (refused: aadhaarChecksum). */
function badChecksum(): string {
  // The Verhoeff digit is the only one that fits: any other last digit is a typo.
  const number = newAadhaar();
  return `${number.slice(0, 11)}${(Number(number.at(-1)) + 1) % 10}`;
}

/** A phone's photo of the card: the number is in its EXIF description too (the re-encode must drop it). */
function cardPhoto(number: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#f4f4f4' } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: `Aadhaar ${spaced(number)}`, Make: 'PhoneCo' } })
    .toBuffer();
}

/** An .xlsx as text: every cell of every sheet. */
function xlsxText(data: Buffer): string {
  const book = XLSX.read(data, { type: 'buffer' });
  return book.SheetNames.map((name) => XLSX.utils.sheet_to_csv(book.Sheets[name] as XLSX.WorkSheet)).join('\n');
}

describeEachDatabase('No full Aadhaar number after a KYC run', (suite) => {
  it('is in no answer, log line, export or table but the vault, which holds each one encrypted', { timeout: 180_000 }, async () => {
    const logLines: string[] = [];
    const { app, maker, checker, admin } = await kycCallers(suite, {}, { logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } } });
    const answers: Captured[] = [];
    const keep = (label: string, response: LightMyRequestResponse, extra = ''): LightMyRequestResponse => {
      answers.push({ source: `answer to ${label} (${response.statusCode})`, text: `${JSON.stringify(response.headers)}\n${response.rawPayload.toString('latin1')}\n${extra}` });
      return response;
    };
    const kyc = async (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      keep(`${method} kyc${url}`, await kycCall(app, session, method, url, payload));
    const form = async (session: Session, url: string, fields: Record<string, string>, files: Parameters<typeof postForm>[4] = [], method: 'POST' | 'PUT' = 'POST') =>
      keep(`${method} kyc${url}`, await postForm(app, session, url, fields, files, method));

    const signer = makeTestSigner();
    const settings = await form(admin, '/settings', { scanPolicy: 'off' }, [{ field: 'certificate', filename: 'uidai.pem', content: Buffer.from(signer.certificatePem) }], 'PUT');
    expect(settings.statusCode, settings.body).toBe(200);

    // a: typed plain; b: with spaces, then replaced by e (sent as a JSON number) and e by d;
    // c: with hyphens, with a digital Aadhaar; g: only searched for; f: a checksum typo, refused.
    const [a, b, c, d, e, g] = Array.from({ length: 6 }, newAadhaar) as [string, string, string, string, string, string];
    const f = badChecksum();
    const numbers = [a, b, c, d, e, f, g];

    const created: Subject[] = [];
    const createWith = async (subject: Record<string, unknown>, files: Parameters<typeof postSubject>[3] = []) => {
      const response = keep('POST kyc/subjects', await postSubject(app, maker, subject, files));
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json<Subject>());
      return response.json<Subject>();
    };
    const s1 = await createWith(subjectInput({ name: 'Asha Verma', aadhaar: a }), [
      { field: 'aadhaar_card', filename: 'card.jpg', content: await cardPhoto(a) },
      { field: 'pan_card', filename: 'pan.jpg', content: await plainImage('jpeg', 300, 200) },
      { field: 'picture', filename: 'me.png', content: await plainImage('png') },
      { field: 'digital_pan', filename: 'e-pan.pdf', content: readFileSync('tests/server/kyc/files/samples/clean.pdf') },
    ]);
    const s2 = await createWith(subjectInput({ name: 'Ravi Kumar', gender: 'M', pan: null, aadhaar: spaced(b) }), [{ field: 'picture', filename: 'ravi.png', content: await plainImage('png') }]);
    const s3 = await createWith(subjectInput({ name: 'Meera Iyer', aadhaar: hyphened(c) }));
    expect(created.map((subject) => subject.aadhaar)).toEqual([a, b, c].map((number) => `XXXX-XXXX-${number.slice(-4)}`));

    const zip = await makeOfflineEkycZip(signer, 'Ab12', { name: 'Meera Iyer', referenceId: `${c.slice(-4)}20250224175050317` });
    const digital = await form(maker, `/subjects/${s3.id}/documents/digital_aadhaar`, { shareCode: 'Ab12' }, [{ field: 'file', filename: 'offlineaadhaar.zip', content: zip }]);
    expect(digital.statusCode, digital.body).toBe(201);
    // No mismatch: the file's last 4 digits are the subject's.
    expect(digital.json()).toMatchObject({ file: { verification: 'verified', extracted: { aadhaarLast4: c.slice(-4), mismatches: [] } } });

    // Refused: a number taken (typed another way), a checksum typo.
    const taken = keep('POST kyc/subjects', await postSubject(app, maker, subjectInput({ aadhaar: hyphened(a) })));
    expect([taken.statusCode, taken.json<{ reasons: unknown }>().reasons]).toEqual([409, { aadhaar: { code: 'aadhaarTaken' } }]);
    const typo = keep('POST kyc/subjects', await postSubject(app, maker, subjectInput({ aadhaar: spaced(f) })));
    expect([typo.statusCode, typo.json<{ reasons: unknown }>().reasons]).toEqual([422, { aadhaar: { code: 'aadhaarChecksum' } }]);
    const asNumber = await kyc(maker, 'PUT', `/subjects/${s2.id}`, { aadhaar: Number(e), version: s2.version });
    expect(asNumber.json<Subject>()).toMatchObject({ aadhaar: `XXXX-XXXX-${e.slice(-4)}` });
    const replaced = await kyc(maker, 'PUT', `/subjects/${s2.id}`, { aadhaar: d, city: 'Mumbai', version: asNumber.json<Subject>().version });
    expect(replaced.json<Subject>()).toMatchObject({ aadhaar: `XXXX-XXXX-${d.slice(-4)}`, city: 'Mumbai' });

    const documentsOf = (subject: Subject) => Object.fromEntries((subject.documents ?? []).map((document) => [document.type, document])) as Record<string, Document>;
    const reupload = await form(maker, `/subjects/${s1.id}/documents/pan_card`, {}, [{ field: 'file', filename: 'pan-again.jpg', content: await plainImage('jpeg', 320, 200) }]);
    expect(reupload.statusCode, reupload.body).toBe(201);

    // The review: claim, mask the card, decide.
    const claimed1 = (await kyc(checker, 'POST', `/subjects/${s1.id}/claim`, { version: s1.version })).json<Subject>();
    const claimed3 = (await kyc(checker, 'POST', `/subjects/${s3.id}/claim`, { version: s3.version })).json<Subject>();
    const docs1 = documentsOf(claimed1);
    const card = docs1.aadhaar_card as Document;
    // The reviewer looks at the card before marking what to black out.
    const unmaskedView = await kyc(checker, 'GET', `/documents/${card.id}/file`);
    expect(unmaskedView.statusCode).toBe(200);
    expect((await sharp(unmaskedView.rawPayload).metadata()).exif).toBeUndefined();
    const masked = await kyc(checker, 'POST', `/documents/${card.id}/mask`, { rects: [{ x: 10, y: 60, width: 200, height: 40 }], version: card.version });
    expect(masked.statusCode, masked.body).toBe(200);
    const decide = async (document: Document, body: Record<string, unknown>) => {
      const response = await kyc(checker, 'POST', `/documents/${document.id}/decision`, { version: document.version, ...body });
      expect(response.statusCode, response.body).toBe(200);
    };
    await decide(masked.json<Document>(), { decision: 'approve' });
    await decide(docs1.pan_card as Document, { decision: 'approve', comment: 'matches' });
    await decide(docs1.picture as Document, { decision: 'approve' });
    await decide(docs1.digital_pan as Document, { decision: 'revision', reason: 'missing_page', comment: 'second page please' });
    await decide(documentsOf(claimed3).digital_aadhaar as Document, { decision: 'approve' });
    const makerApproves = await kyc(maker, 'POST', `/documents/${docs1.picture?.id}/decision`, { decision: 'reset', version: 1 });
    expect(makerApproves.statusCode).toBeGreaterThanOrEqual(400);

    // Everything read back: single records, every file (viewed and downloaded, earlier versions too), the lists.
    const subjects = [s1, s2, s3];
    for (const subject of subjects) {
      const shown = await kyc(checker, 'GET', `/subjects/${subject.id}`);
      for (const document of shown.json<Subject>().documents ?? []) {
        const one = (await kyc(checker, 'GET', `/documents/${document.id}`)).json<Document>();
        for (const file of [one.file, ...(one.files ?? [])]) {
          if (!file || file.removed) continue;
          for (const purpose of ['view', 'download']) {
            const served = await kyc(checker, 'GET', `/documents/${document.id}/file?fileId=${file.id}&purpose=${purpose}`);
            expect(served.statusCode, served.body).toBe(200);
          }
        }
      }
    }
    const servedCard = await kyc(checker, 'GET', `/documents/${card.id}/file`);
    expect((await sharp(servedCard.rawPayload).metadata()).exif).toBeUndefined();
    for (const query of [
      '',
      `q=${a}`,
      `q=${encodeURIComponent(spaced(a))}`,
      `q=${spaced(a).replace(/ /g, '+')}`,
      `q=${hyphened(d)}`,
      `q=${g}`,
      `q=${e}`,
      'q=asha',
      'status=approved,pending',
      'assignee=me&sort=name:asc',
    ]) {
      const list = await kyc(checker, 'GET', `/subjects?${query}`);
      expect(list.statusCode, `${query}: ${list.body}`).toBe(200);
    }
    expect((await kyc(checker, 'GET', `/subjects?q=${a}`)).json<Subject[]>().map((subject) => subject.id)).toEqual([s1.id]);
    for (const query of ['', 'status=approved', 'type=aadhaar_card,digital_aadhaar', 'assignee=me', 'q=meera', `q=${c}`, `from=2000-01-01&sort=subjectName:asc`]) {
      const list = await kyc(checker, 'GET', `/documents?${query}`);
      expect(list.statusCode, `${query}: ${list.body}`).toBe(200);
    }
    await kyc(maker, 'GET', '/settings');

    // The audit log as an Admin reads it, and the product's exports (Excel).
    for (const query of ['pageSize=200', 'entity=kyc_subject&pageSize=200', 'entity=kyc_document&pageSize=200', 'action=view']) {
      const audit = keep(`GET admin/audit-log?${query}`, await call(app, admin, 'GET', `/audit-log?${query}`));
      expect(audit.statusCode, audit.body).toBe(200);
    }
    const kycAudit = await call(app, admin, 'GET', '/audit-log?entity=kyc_document&pageSize=200');
    expect(kycAudit.json<unknown[]>().length).toBeGreaterThan(10);
    const template = await newsGet(app, admin, '/excel-template', {}, { 'x-api-key': EXCEL_API_KEY });
    expect(template.statusCode).toBe(200);
    keep('GET news/excel-template', template, xlsxText(template.rawPayload));
    const newsExport = await newsPostMultipart(app, admin, '/excel-download', { newsItemsForExcel: JSON.stringify([{ newsItemId: 1, tableName: 'news_feed' }]) }, undefined, { 'x-api-key': EXCEL_API_KEY });
    expect(newsExport.statusCode, newsExport.body).toBe(200);
    keep('POST news/excel-download', newsExport, xlsxText(newsExport.rawPayload));

    // Every row of every table but the vault, as text (bytea as hex, jsonb as JSON).
    const tables = await suite.sql<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'aadhaar_vault' ORDER BY 1`,
    );
    const rows: Captured[] = [];
    for (const { name } of tables) {
      for (const [index, row] of (await suite.sql<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)).entries()) rows.push({ source: `${name} row ${index + 1}`, text: row.row });
    }
    const logs = logLines.map((line, index) => ({ source: `log line ${index + 1}`, text: line }));

    // What was captured is the real thing: the run's work is in it.
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['kyc_subjects', 'kyc_documents', 'kyc_document_files', 'blobs', 'blob_chunks', 'audit_log']));
    expect(rows.filter((row) => row.source.startsWith('blob_chunks')).length).toBeGreaterThanOrEqual(7);
    expect(rows.filter((row) => row.source.startsWith('kyc_subjects')).map((row) => row.text.includes(`,${a.slice(-4)},`) || row.text.includes(`,${d.slice(-4)},`) || row.text.includes(`,${c.slice(-4)},`))).toEqual([true, true, true]);
    expect(logLines.length).toBeGreaterThan(100);
    expect(logLines.join('\n')).toContain('/kyc/subjects?q=[redacted]');
    expect(answers.length).toBeGreaterThan(60);
    for (const number of [a, c, d]) expect(answers.some((answer) => answer.text.includes(`XXXX-XXXX-${number.slice(-4)}`))).toBe(true);

    expect(leaks([...answers, ...logs, ...rows], numbers)).toEqual([]);

    // The vault: one row per number still in use, none of it readable, each opening to its number.
    const vault = await suite.sql<{ ref: string; ciphertext: Uint8Array; row: string }>('SELECT ref, ciphertext, t::text AS row FROM aadhaar_vault t');
    expect(leaks(vault.map((entry) => ({ source: `aadhaar_vault ${entry.ref}`, text: entry.row })), numbers)).toEqual([]);
    for (const entry of vault) {
      for (const number of numbers) expect(Buffer.from(entry.ciphertext).includes(Buffer.from(number))).toBe(false);
    }
    const refs = await suite.sql<{ id: string; ref: string }>('SELECT id::text AS id, aadhaar_ref AS ref FROM kyc_subjects WHERE id = ANY($1::bigint[]) ORDER BY id', [subjects.map((subject) => subject.id)]);
    const revealed = await Promise.all(refs.map((entry) => app.aadhaarVault.reveal(entry.ref)));
    expect(revealed).toEqual([a, d, c]);
    expect(vault.map((entry) => entry.ref).sort()).toEqual(refs.map((entry) => entry.ref).sort());
    for (const gone of [b, e, g]) expect(await app.aadhaarVault.findRefByNumber(gone)).toBeNull();
  });
});
