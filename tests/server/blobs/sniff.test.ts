import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/src/errors.js';
import { DOCUMENT_KINDS, sniffUpload, type FileKind } from '../../../server/src/services/blobs/sniff.js';
import { storeUpload } from '../../../server/src/services/blobs/store-upload.js';
import { serverMessage } from '../../../src/resources/server-messages.js';
import es from '../../../src/i18n/es.json';
import { describeEachDatabase } from '../helper.js';
import { endless, readAll, SAMPLES } from './fixtures.js';

const one = (buffer: Buffer) => Readable.from([buffer], { objectMode: false });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { statusCode: status, code, message } = error as HttpError;
  return { status, code, message };
}

describe('sniffUpload', () => {
  it('takes the type from the bytes: JPEG, PNG, WebP and PDF by default', async () => {
    for (const kind of DOCUMENT_KINDS) {
      const sniffed = await sniffUpload(one(SAMPLES[kind]), { allowed: DOCUMENT_KINDS });
      expect(sniffed.kind).toBe(kind);
      expect((await readAll(sniffed.stream)).equals(SAMPLES[kind])).toBe(true);
    }
  });

  it('accepts ZIP and XML only when asked', async () => {
    for (const kind of ['zip', 'xml'] as const) {
      const refused = await refusal(sniffUpload(one(SAMPLES[kind]), { allowed: DOCUMENT_KINDS }));
      expect(refused).toEqual({ status: 415, code: 'fileTypeRefused', message: serverMessage('fileTypeRefused', { allowed: 'JPEG, PNG, WebP, PDF' }) });
      expect((await sniffUpload(one(SAMPLES[kind]), { allowed: [kind] })).contentType).toBe(kind === 'zip' ? 'application/zip' : 'application/xml');
    }
    // Nor is one allowed kind taken for another.
    expect((await refusal(sniffUpload(one(SAMPLES.pdf), { allowed: ['jpeg'] }))).code).toBe('fileTypeRefused');
  });

  it('refuses HTML and SVG, even with an XML prolog and XML allowed', async () => {
    const all: FileKind[] = ['jpeg', 'png', 'webp', 'pdf', 'zip', 'xml'];
    for (const sample of [SAMPLES.html, SAMPLES.svg, SAMPLES.xmlSvg, Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>')]) {
      expect(await refusal(sniffUpload(one(sample), { allowed: all }))).toMatchObject({ status: 415, code: 'fileTypeRefused' });
    }
  });

  it('refuses an empty file, and a declared size over the limit before reading a byte', async () => {
    expect(await refusal(sniffUpload(one(Buffer.alloc(0)), { allowed: DOCUMENT_KINDS }))).toMatchObject({ status: 422, code: 'fileEmpty' });
    const { source, pulled } = endless(SAMPLES.jpeg);
    expect(await refusal(sniffUpload(source, { allowed: DOCUMENT_KINDS, declaredSize: 11 * 1024 * 1024 }))).toEqual({
      status: 413,
      code: 'fileTooLarge',
      message: 'The file is larger than 10 MB.',
    });
    expect(pulled()).toBe(0);
  });

  it('has Spanish for each of its messages', () => {
    for (const code of ['fileTypeRefused', 'fileEmpty', 'fileTooLarge'] as const) {
      expect((es as { server: Record<string, string> }).server[code], code).toMatch(/archivo/);
    }
  });
});

describeEachDatabase('storeUpload', (suite) => {
  const counts = async () => suite.sql('SELECT (SELECT count(*) FROM blobs) AS blobs, (SELECT count(*) FROM blob_chunks) AS chunks');

  it('refuses an HTML file named .jpg and writes nothing', async () => {
    const app = await suite.build();
    const before = await counts();
    const refused = await refusal(
      app.db.transaction((tx) => storeUpload(app.blobs, tx, one(SAMPLES.html), { allowed: DOCUMENT_KINDS, filename: 'passport.jpg' })),
    );
    expect(refused.code).toBe('fileTypeRefused');
    expect(await counts()).toEqual(before);
  });

  it('refuses an oversized stream at the limit, without reading it all, and writes nothing', async () => {
    const app = await suite.build();
    const before = await counts();
    // The source never ends: only a reader that stops at the limit can return at all.
    const { source, pulled } = endless(SAMPLES.jpeg);
    const maxBytes = 2 * 1024 * 1024;
    const refused = await refusal(app.db.transaction((tx) => storeUpload(app.blobs, tx, source, { allowed: DOCUMENT_KINDS, maxBytes, filename: 'big.jpg' })));
    expect(refused).toMatchObject({ status: 413, code: 'fileTooLarge', message: 'The file is larger than 2 MB.' });
    expect(pulled()).toBeLessThan(maxBytes + 256 * 1024);
    expect(source.destroyed).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('stores an accepted upload under its sniffed type, whatever its name', async () => {
    const app = await suite.build();
    const data = Buffer.concat([SAMPLES.png, randomBytes(600_000)]);
    const stored = await app.db.transaction((tx) => storeUpload(app.blobs, tx, one(data), { allowed: DOCUMENT_KINDS, filename: 'photo.jpg' }));
    expect(stored).toMatchObject({ kind: 'png', contentType: 'image/png', size: data.length });
    const content = await app.blobs.get(stored.id);
    expect(content?.meta).toMatchObject({ contentType: 'image/png', filename: 'photo.jpg' });
    expect((await readAll(content!.stream)).equals(data)).toBe(true);
  });
});
