import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../../server/src/errors.js';
import { DOCUMENT_KINDS, sniffUpload, type FileKind } from '../../../../server/src/lib/blobs/sniff.js';
import { stageUpload } from '../../../../server/src/lib/blobs/stage-upload.js';
import { serverMessage } from '../../../../common/messages.js';
import es from '../../../../src/i18n/es.json';
import { describeEachDatabase } from '../../helper.js';
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

describeEachDatabase('stageUpload', (suite) => {
  const counts = async () =>
    suite.sql('SELECT (SELECT count(*) FROM blobs) AS blobs, (SELECT count(*) FROM blob_chunks) AS chunks, (SELECT count(*) FROM blob_staging) AS staged');

  it('refuses an HTML file named .jpg and writes nothing', async () => {
    const app = await suite.build();
    const before = await counts();
    const refused = await refusal(stageUpload(app.blobs, one(SAMPLES.html), { allowed: DOCUMENT_KINDS, filename: 'passport.jpg' }));
    expect(refused.code).toBe('fileTypeRefused');
    expect(await counts()).toEqual(before);
  });

  it('refuses an oversized stream at the limit, without reading it all, and writes nothing', async () => {
    const app = await suite.build();
    const before = await counts();
    // The source never ends: only a reader that stops at the limit can return at all.
    const { source, pulled } = endless(SAMPLES.jpeg);
    const maxBytes = 2 * 1024 * 1024;
    const refused = await refusal(stageUpload(app.blobs, source, { allowed: DOCUMENT_KINDS, maxBytes, filename: 'big.jpg' }));
    expect(refused).toMatchObject({ status: 413, code: 'fileTooLarge', message: 'The file is larger than 2 MB.' });
    expect(pulled()).toBeLessThan(maxBytes + 256 * 1024);
    expect(source.destroyed).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('stages an accepted upload under its sniffed type, whatever its name; a commit makes it readable', async () => {
    const app = await suite.build();
    const before = await counts();
    const data = Buffer.concat([SAMPLES.png, randomBytes(600_000)]);
    const staged = await stageUpload(app.blobs, one(data), { allowed: DOCUMENT_KINDS, filename: 'photo.jpg' });
    expect(staged).toMatchObject({ kind: 'png', contentType: 'image/png', size: data.length });
    // Staged, not stored: invisible until the transaction that refers to it commits it.
    expect(await app.blobs.get(staged.id)).toBeNull();
    await app.db.transaction((tx) => app.blobs.commit(tx, staged));
    const content = await app.blobs.get(staged.id);
    expect(content?.meta).toMatchObject({ contentType: 'image/png', filename: 'photo.jpg' });
    expect((await readAll(content!.stream)).equals(data)).toBe(true);
    await app.db.transaction((tx) => app.blobs.delete(tx, staged.id));
    expect(await counts()).toEqual(before);
  });

  it('leaves a staged upload whose transaction rolled back to discard() or the pruning', async () => {
    const app = await suite.build();
    const before = await counts();
    const stageOne = () => stageUpload(app.blobs, one(Buffer.concat([SAMPLES.pdf, randomBytes(300_000)])), { allowed: DOCUMENT_KINDS, filename: 'a.pdf' });
    const rolledBack = async (staged: Awaited<ReturnType<typeof stageOne>>) =>
      app.db
        .transaction(async (tx) => {
          await app.blobs.commit(tx, staged);
          throw new Error('the referring row failed');
        })
        .catch(() => {});

    const first = await stageOne();
    await rolledBack(first);
    expect(await app.blobs.get(first.id)).toBeNull();
    await app.blobs.discard(first);
    expect(await counts()).toEqual(before);

    const second = await stageOne();
    await rolledBack(second);
    expect(await app.blobs.pruneStaged()).toBe(0);
    expect(await app.blobs.pruneStaged(0)).toBe(1);
    expect(await counts()).toEqual(before);
  });
});
