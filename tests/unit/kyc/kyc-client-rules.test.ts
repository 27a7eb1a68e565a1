import { describe, expect, it } from 'vitest';
import { decisionBlocks } from '../../../src/pages/kyc/decision-panel';
import { checkFile, sniffKind } from '../../../src/pages/kyc/file-check';
import { formatSize } from '../../../src/components/file-size';
import type { KycDocument, KycFile } from '../../../src/pages/kyc/kyc-api';
import { relativeTime } from '../../../src/components/relative-date';
import { nudge, rectBetween } from '../../../src/pages/kyc/mask-layer';
import { KYC_MAX_FILE_BYTES } from '../../../common/domains/kyc/model';

// The KYC screens' own logic, apart from React: the first look at a picked file, the
// masking rectangles' arithmetic, the decision blocks and the relative dates.

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((character) => character.charCodeAt(0)) : [value])));

describe('sniffKind: the kind from the first bytes, never the name', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF')],
    ['png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)],
    ['webp', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ')],
    ['pdf', bytes('%PDF-1.7\n')],
    ['zip', bytes('PK', 3, 4, 20, 0)],
    ['xml', bytes('<?xml version="1.0"?><OfflinePaperlessKyc referenceId="1">')],
    ['xml', bytes(0xef, 0xbb, 0xbf, '  <OfflinePaperlessKyc/>')],
  ])('%s', (kind, head) => {
    expect(sniffKind(head)).toBe(kind);
  });

  it.each([
    ['HTML', bytes('<!DOCTYPE html><html><script>alert(1)</script>')],
    ['HTML without doctype', bytes('<html><body>')],
    ['SVG behind an XML prolog', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="x()">')],
    ['plain text', bytes('hello')],
    ['GIF', bytes('GIF89a')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffKind(head)).toBeNull();
  });
});

describe('checkFile', () => {
  const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0);
  it('accepts a kind the type takes', async () => {
    expect(await checkFile(new Blob([jpeg]), 'aadhaar_card')).toEqual({ ok: true, kind: 'jpeg' });
    expect(await checkFile(new Blob([bytes('%PDF-1.4')]), 'pan_card')).toEqual({ ok: true, kind: 'pdf' });
  });
  it('refuses a kind the type does not take, HTML named .jpg, an empty file and one over 10 MB', async () => {
    expect(await checkFile(new Blob([bytes('%PDF-1.4')]), 'aadhaar_card')).toEqual({ ok: false, reason: 'type' });
    expect(await checkFile(new File([bytes('<html><body>hi')], 'photo.jpg', { type: 'image/jpeg' }), 'picture')).toEqual({ ok: false, reason: 'type' });
    expect(await checkFile(new Blob([]), 'picture')).toEqual({ ok: false, reason: 'empty' });
    const large = new Blob([jpeg, new Uint8Array(KYC_MAX_FILE_BYTES)]);
    expect(await checkFile(large, 'picture')).toEqual({ ok: false, reason: 'tooLarge' });
  });
  it('takes exactly 10 MB', async () => {
    const limit = new Blob([jpeg, new Uint8Array(KYC_MAX_FILE_BYTES - jpeg.length)]);
    expect(await checkFile(limit, 'picture')).toEqual({ ok: true, kind: 'jpeg' });
  });
});

it('formatSize', () => {
  expect([formatSize(12), formatSize(2048), formatSize(1536 * 1024), formatSize(10 * 1024 * 1024)]).toEqual(['12 B', '2.0 KB', '1.5 MB', '10 MB']);
});

describe('masking rectangles, in the image’s own pixels', () => {
  it('from two corners in any order, rounded and kept inside the image', () => {
    expect(rectBetween({ x: 300.4, y: 90.6 }, { x: 100.2, y: 20 }, 1200, 800)).toEqual({ x: 100, y: 20, width: 200, height: 71 });
    expect(rectBetween({ x: -50, y: -5 }, { x: 5000, y: 900 }, 1200, 800)).toEqual({ x: 0, y: 0, width: 1200, height: 800 });
  });
  it('moves inside the image and resizes with a minimum', () => {
    const rect = { x: 10, y: 10, width: 100, height: 40 };
    expect(nudge(rect, -30, 0, false, 1200, 800)).toEqual({ ...rect, x: 0 });
    expect(nudge(rect, 5000, 5000, false, 1200, 800)).toEqual({ ...rect, x: 1100, y: 760 });
    expect(nudge(rect, 12, -100, true, 1200, 800)).toEqual({ ...rect, width: 112, height: 4 });
  });
});

describe('decisionBlocks: what the server would refuse, said before the click', () => {
  const file: KycFile = {
    id: 21, seq: 1, contentType: 'image/jpeg', filename: 'a.jpg', size: 100, width: 10, height: 10, pages: null,
    uploadedBy: { id: '2', username: 'maker' }, uploadedAt: '2026-11-23T10:00:00Z', scanStatus: 'skipped', scanSignature: null,
    masked: false, removed: false, verification: null, extracted: null,
  };
  const document: KycDocument = {
    id: 11, subjectId: 7, subjectName: 'Asha Verma', subjectAadhaar: 'XXXX-XXXX-1234', type: 'aadhaar_card', status: 'pending', reason: null, comment: null,
    decidedBy: null, decidedAt: null, assignee: null, uploadedBy: file.uploadedBy, uploaderId: '2', version: 1, updatedAt: '2026-11-23T10:00:00Z', file,
  };
  it('the uploader may take no decision', () => {
    expect(decisionBlocks('reject', document, { id: '2' }, { scanPolicy: 'off' })).toEqual(['makerChecker']);
  });
  it('an unmasked Aadhaar card image and a scan that is not clean under `required` block approval only', () => {
    expect(decisionBlocks('approve', document, { id: '3' }, { scanPolicy: 'required' })).toEqual(['notMasked', 'scanNotClean']);
    expect(decisionBlocks('revision', document, { id: '3' }, { scanPolicy: 'required' })).toEqual([]);
    expect(decisionBlocks('approve', { ...document, file: { ...file, masked: true, scanStatus: 'clean' } }, { id: '3' }, { scanPolicy: 'required' })).toEqual([]);
    expect(decisionBlocks('approve', { ...document, type: 'picture' }, { id: '3' }, { scanPolicy: 'off' })).toEqual([]);
  });
  it('without a scanner the block says so (noScanner), and a masked card is approved only once its masked image was shown', () => {
    expect(decisionBlocks('approve', { ...document, type: 'picture' }, { id: '3' }, { scanPolicy: 'required', scannerConfigured: false })).toEqual(['noScanner']);
    expect(decisionBlocks('approve', { ...document, type: 'picture' }, { id: '3' }, { scanPolicy: 'required', scannerConfigured: true })).toEqual(['scanNotClean']);
    const masked = { ...document, file: { ...file, masked: true } };
    expect(decisionBlocks('approve', masked, { id: '3' }, { scanPolicy: 'off' }, { maskedShown: false })).toEqual(['maskedNotShown']);
    expect(decisionBlocks('approve', masked, { id: '3' }, { scanPolicy: 'off' }, { maskedShown: true })).toEqual([]);
    expect(decisionBlocks('reject', masked, { id: '3' }, { scanPolicy: 'off' }, { maskedShown: false })).toEqual([]);
  });
});

it('relativeTime in the reader’s language', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  expect(relativeTime('2026-11-23T09:00:00Z', 'en', now)).toBe('3 hours ago');
  expect(relativeTime('2026-11-21T12:00:00Z', 'es', now)).toBe('anteayer');
  expect(relativeTime('2026-11-23T11:59:30Z', 'en', now)).toBe('30 seconds ago');
  expect(relativeTime('garbage', 'en', now)).toBe('');
});
