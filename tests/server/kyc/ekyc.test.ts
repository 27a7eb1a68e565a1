import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/src/errors.js';
import { sniffUpload } from '../../../server/src/lib/blobs/sniff.js';
import { EKYC_MAX_XML_BYTES } from '../../../server/src/modules/kyc/files/ekyc-zip.js';
import { ekycMismatches, openOfflineEkyc, type OfflineEkyc } from '../../../server/src/modules/kyc/files/offline-ekyc.js';
import {
  buildOfflineEkycXml,
  makeOfflineEkycZip,
  makeTestSigner,
  signOfflineEkycXml,
  TEST_EKYC_PHOTO,
  zipOfflineEkyc,
  type TestSigner,
} from '../../fixtures/offline-ekyc.js';

// Digital Aadhaar (UIDAI offline e-KYC) files built and signed here with a test "UIDAI" key:
// what a good file yields, and every way a bad one is refused.

const SHARE_CODE = 'Ab12';

async function refusalCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(422);
  return (error as HttpError).code;
}

const EXPECTED: Omit<OfflineEkyc, 'photo'> = {
  referenceId: '123420250224175050317',
  last4: '1234',
  // 17:50:50.317 in India (UTC+05:30).
  generatedAt: '2025-02-24T12:20:50.317Z',
  name: 'Asha Verma',
  dob: '1990-04-01',
  gender: 'F',
  address: { line: '12, MG Road, Near Shivaji Park, Camp, Pune City', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
};

describe('openOfflineEkyc', () => {
  let uidai: TestSigner;
  let stranger: TestSigner;

  beforeAll(() => {
    uidai = makeTestSigner();
    stranger = makeTestSigner('Someone else');
  });

  const signed = (fields: Parameters<typeof buildOfflineEkycXml>[0] = {}) => signOfflineEkycXml(buildOfflineEkycXml(fields), uidai);
  const openXml = (xml: string, pem = uidai.certificatePem) => openOfflineEkyc(Buffer.from(xml), 'xml', '', pem);

  it('opens the ZIP with the share code (ZipCrypto and AES) and reads the signed fields', async () => {
    for (const encryption of ['zipcrypto', 'aes'] as const) {
      const zip = await makeOfflineEkycZip(uidai, SHARE_CODE, {}, encryption);
      const { photo, ...fields } = await openOfflineEkyc(zip, 'zip', SHARE_CODE, uidai.certificatePem);
      expect(fields).toEqual(EXPECTED);
      expect(photo?.equals(TEST_EKYC_PHOTO)).toBe(true);
    }
  });

  it('reads the XML alone, and with RSA-SHA256', async () => {
    expect(await openXml(signed())).toMatchObject(EXPECTED);
    const sha256 = signOfflineEkycXml(buildOfflineEkycXml(), uidai, { signatureAlgorithm: 'sha256' });
    expect(await openXml(sha256)).toMatchObject(EXPECTED);
  });

  it('is what the upload sniffer takes for ZIP and XML', async () => {
    const sniff = async (bytes: Buffer) => (await sniffUpload(Readable.from([bytes]), { allowed: ['zip', 'xml'] })).kind;
    expect(await sniff(await makeOfflineEkycZip(uidai, SHARE_CODE))).toBe('zip');
    expect(await sniff(Buffer.from(signed()))).toBe('xml');
  });

  it('reads a year-only birth date, a missing photo and a sparse address', async () => {
    const ekyc = await openXml(signed({ dob: '1958', photo: null, house: '', street: '', landmark: '', loc: 'Kachhwa', vtc: 'Kachhwa', dist: '' }));
    expect(ekyc.dob).toBe('1958');
    expect(ekyc.photo).toBeNull();
    expect(ekyc.address).toEqual({ line: 'Kachhwa', city: 'Kachhwa', state: 'Maharashtra', pinCode: '411001' });
  });

  it('refuses a wrong share code', async () => {
    for (const encryption of ['zipcrypto', 'aes'] as const) {
      const zip = await makeOfflineEkycZip(uidai, SHARE_CODE, {}, encryption);
      expect(await refusalCode(openOfflineEkyc(zip, 'zip', 'Ab13', uidai.certificatePem))).toBe('kycShareCode');
      expect(await refusalCode(openOfflineEkyc(zip, 'zip', '', uidai.certificatePem))).toBe('kycShareCode');
    }
  });

  it("refuses a wrong code that slips past ZipCrypto's one-byte check", async () => {
    const zip = await makeOfflineEkycZip(uidai, SHARE_CODE);
    const { ZipReader, Uint8ArrayReader } = await import('@zip.js/zip.js');
    const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(zip)));
    const [entry] = await reader.getEntries();
    if (!entry || entry.directory) throw new Error('the fixture ZIP holds one file');
    // About 1 code in 256 passes the check byte; 4000 tries all failing has odds of 1 in 10^7.
    let slipping: string | null = null;
    for (let index = 0; index < 4000 && slipping === null; index += 1) {
      const code = `w${index.toString(36).padStart(3, '0')}`;
      const passes = await entry.getData(new WritableStream(), { password: code, checkPasswordOnly: true }).then(
        () => true,
        () => false,
      );
      if (passes) slipping = code;
    }
    await reader.close();
    expect(slipping).not.toBeNull();
    expect(await refusalCode(openOfflineEkyc(zip, 'zip', slipping!, uidai.certificatePem))).toBe('kycShareCode');
  });

  it('refuses a field changed after signing', async () => {
    const altered = signed().replace('name="Asha Verma"', 'name="Asha Sharma"');
    expect(altered).toContain('Asha Sharma');
    expect(await refusalCode(openXml(altered))).toBe('kycAadhaarSignature');
    const zip = await zipOfflineEkyc(altered, SHARE_CODE);
    expect(await refusalCode(openOfflineEkyc(zip, 'zip', SHARE_CODE, uidai.certificatePem))).toBe('kycAadhaarSignature');
  });

  it('checks against the pinned certificate, never the one the file embeds', async () => {
    const forged = signOfflineEkycXml(buildOfflineEkycXml(), stranger);
    // The forger's own certificate travels in KeyInfo, and the file is sound under it…
    expect(forged).toContain(stranger.certificateDer.toString('base64').slice(0, 76));
    expect(await openXml(forged, stranger.certificatePem)).toMatchObject(EXPECTED);
    // …but the pinned UIDAI certificate is what counts.
    expect(await refusalCode(openXml(forged))).toBe('kycAadhaarSignature');
  });

  it('refuses a file with no signature', async () => {
    expect(await refusalCode(openXml(buildOfflineEkycXml()))).toBe('kycAadhaarSignature');
  });

  it('does not read a UidData slipped outside the signed data (signature wrapping)', async () => {
    const forgedData = buildOfflineEkycXml({ name: 'Mallory' }).replace(/^<OfflinePaperlessKyc[^>]*>|<\/OfflinePaperlessKyc>$/g, '');
    // 1. The genuine signed document moved inside a forged one whose UidData comes first.
    const genuine = signed().replace(/^<\?xml[^>]*\?>/, '');
    const signature = /<Signature[\s\S]*<\/Signature>/.exec(genuine)?.[0] ?? '';
    expect(signature).not.toBe('');
    const wrapped = `<OfflinePaperlessKyc referenceId="123420250224175050317">${forgedData}<Wrapper>${genuine.replace(signature, '')}</Wrapper>${signature}</OfflinePaperlessKyc>`;
    expect(await refusalCode(openXml(wrapped))).toBe('kycAadhaarSignature');

    // 2. A signature over one element only (Id="signed"), with a forged UidData beside it: the
    //    signature itself is sound, but only a signature over the whole document is accepted.
    const partial = signOfflineEkycXml(buildOfflineEkycXml().replace('<UidData>', '<UidData Id="signed">'), uidai, { referenceUri: '#signed' });
    const injected = partial.replace(/(<OfflinePaperlessKyc[^>]*>)/, `$1${forgedData}`);
    expect(injected.match(/<UidData/g)).toHaveLength(2);
    expect(await refusalCode(openXml(injected))).toBe('kycAadhaarSignature');

    // 3. A second UidData added inside the signed document breaks its digest.
    const second = signed().replace('</UidData>', `</UidData>${forgedData}`);
    expect(await refusalCode(openXml(second))).toBe('kycAadhaarSignature');
  });

  it('refuses a DOCTYPE and entities', async () => {
    const base = signed();
    const internal = base.replace('?>', '?><!DOCTYPE OfflinePaperlessKyc [<!ENTITY who "Mallory">]>').replace('name="Asha Verma"', 'name="&who;"');
    const external = base.replace('?>', '?><!DOCTYPE OfflinePaperlessKyc SYSTEM "file:///etc/passwd">');
    for (const xml of [internal, external]) expect(await refusalCode(openXml(xml))).toBe('kycAadhaarXmlInvalid');
  });

  it('refuses what is not an offline e-KYC', async () => {
    const cases = [
      'not xml at all',
      '<OfflinePaperlessKyc referenceId="1',
      signOfflineEkycXml('<Other><UidData/></Other>', uidai),
      signed({ referenceId: 'abc' }),
      signed({ referenceId: '123420251340175050317' }),
      signed({ dob: '31-02-1990' }),
      signed({ gender: 'X' }),
      signed({ name: '  ' }),
    ];
    for (const xml of cases) expect(await refusalCode(openXml(xml)), xml.slice(0, 60)).toBe('kycAadhaarXmlInvalid');
    expect(await refusalCode(openOfflineEkyc(Buffer.from([0xff, 0xfe, 0x00]), 'xml', '', uidai.certificatePem))).toBe('kycAadhaarXmlInvalid');
    expect(await refusalCode(openOfflineEkyc(Buffer.from('garbage'), 'zip', SHARE_CODE, uidai.certificatePem))).toBe('kycAadhaarXmlInvalid');
  });

  it('refuses a ZIP of anything but one XML', async () => {
    const { ZipWriter, Uint8ArrayWriter, TextReader } = await import('@zip.js/zip.js');
    const writer = new ZipWriter(new Uint8ArrayWriter(), { password: SHARE_CODE, zipCrypto: true, useWebWorkers: false });
    await writer.add('offlineaadhaar1.xml', new TextReader(signed()));
    await writer.add('offlineaadhaar2.xml', new TextReader(signed()));
    const two = Buffer.from(await writer.close());
    expect(await refusalCode(openOfflineEkyc(two, 'zip', SHARE_CODE, uidai.certificatePem))).toBe('kycAadhaarXmlInvalid');
    const notXml = await zipOfflineEkyc(signed(), SHARE_CODE, 'zipcrypto', 'photo.jpg');
    expect(await refusalCode(openOfflineEkyc(notXml, 'zip', SHARE_CODE, uidai.certificatePem))).toBe('kycAadhaarXmlInvalid');
  });

  it('stops inflating a zip bomb at the cap, even when its headers understate the size', async () => {
    const bomb = ' '.repeat(EKYC_MAX_XML_BYTES + 1024);
    for (const encryption of ['zipcrypto', 'aes', 'none'] as const) {
      const zip = await zipOfflineEkyc(bomb, SHARE_CODE, encryption);
      expect(zip.length).toBeLessThan(64 * 1024);
      expect(await refusalCode(openOfflineEkyc(zip, 'zip', SHARE_CODE, uidai.certificatePem))).toBe('kycAadhaarXmlInvalid');
      // The same ZIP claiming 100 bytes: only counting what comes out stops it.
      const lying = understateSize(zip, 100);
      expect(await refusalCode(openOfflineEkyc(lying, 'zip', SHARE_CODE, uidai.certificatePem))).toBe('kycAadhaarXmlInvalid');
    }
  });
});

/** Rewrites the uncompressed size in every local and central header (ZIP32: 4 bytes each). */
function understateSize(zip: Buffer, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let offset = 0; offset + 4 <= copy.length; offset += 1) {
    const signature = copy.readUInt32LE(offset);
    if (signature === 0x04034b50 && copy.readUInt32LE(offset + 22) !== 0) copy.writeUInt32LE(size, offset + 22);
    if (signature === 0x02014b50) copy.writeUInt32LE(size, offset + 24);
  }
  return copy;
}

describe('ekycMismatches', () => {
  const ekyc: OfflineEkyc = { ...EXPECTED, photo: null };
  const subject = { name: 'asha   VERMA ', dob: '1990-04-01', gender: 'F', pinCode: '411001', aadhaarLast4: '1234' };

  it('names the fields that differ; names compare without case or spacing', () => {
    expect(ekycMismatches(ekyc, subject)).toEqual([]);
    expect(ekycMismatches(ekyc, { name: 'Asha Varma', dob: '1990-01-04', gender: 'M', pinCode: '411002', aadhaarLast4: '9999' })).toEqual([
      'name',
      'dob',
      'gender',
      'pinCode',
      'aadhaarLast4',
    ]);
    expect(ekycMismatches(ekyc, { ...subject, aadhaarLast4: null })).toEqual([]);
  });

  it('compares a year-only birth date with the year', () => {
    expect(ekycMismatches({ ...ekyc, dob: '1990' }, subject)).toEqual([]);
    expect(ekycMismatches({ ...ekyc, dob: '1991' }, subject)).toEqual(['dob']);
  });
});
