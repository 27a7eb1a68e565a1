import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { inspectXlsxZip } from '../../../server/src/lib/upload-guard/zip';
import { XLSX_LIMITS } from '../../../common/xlsx-inspection';
import { inflatingSheet, sharedStringsBomb, workbookParts, zipOf } from '../../fixtures/xlsx-bombs';

// The server's walk of an upload's zip: by the central directory, as SheetJS reads it, with
// every entry really inflated, so neither a lying size nor entries sharing one bomb get by.

const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** The zip with its central directory records rewritten by `edit` (each a copy, any number). */
function rewriteCentral(zip: Buffer, edit: (record: Buffer) => Buffer[]): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || zip.readUInt32LE(end) !== END) throw new Error('no end of central directory');
  const start = zip.readUInt32LE(end + 16);
  const records: Buffer[] = [];
  for (let at = start; at < end; ) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error('bad central record');
    const length = 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    records.push(...edit(Buffer.from(zip.subarray(at, at + length))));
    at += length;
  }
  const central = Buffer.concat(records);
  const tail = Buffer.from(zip.subarray(end));
  tail.writeUInt16LE(records.length, 8);
  tail.writeUInt16LE(records.length, 10);
  tail.writeUInt32LE(central.length, 12);
  return Buffer.concat([zip.subarray(0, start), central, tail]);
}

const nameOf = (record: Buffer) => record.subarray(46, 46 + record.readUInt16LE(28)).toString('latin1');

function realWorkbook(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['compName'], ['Acme']]), 'Companies');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

describe('inspecting an upload’s zip', () => {
  it('passes a real workbook and the largest bombs just under the limits', async () => {
    expect(await inspectXlsxZip(realWorkbook())).toBeNull();
    expect(await inspectXlsxZip(sharedStringsBomb(XLSX_LIMITS.strings))).toBeNull();
  });

  it('refuses the first limit passed', async () => {
    expect(await inspectXlsxZip(sharedStringsBomb(XLSX_LIMITS.strings + 1))).toBe('tooManyStrings');
    expect(await inspectXlsxZip(inflatingSheet(400))).toBe('inflatedTooLarge');
  });

  it('answers unreadable for what is no sound zip', async () => {
    expect(await inspectXlsxZip(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 1)]))).toBe('unreadable');
    const whole = realWorkbook();
    expect(await inspectXlsxZip(whole.subarray(0, whole.length - 30))).toBe('unreadable');
  });

  it('does not trust declared sizes: an entry inflating past its size is refused', async () => {
    const lying = rewriteCentral(inflatingSheet(50), (record) => {
      record.writeUInt32LE(Math.min(record.readUInt32LE(24), 1000), 24);
      return [record];
    });
    expect(await inspectXlsxZip(lying)).toBe('unreadable');
  });

  it('inflates an entry each time the central directory names it (overlapping entries)', async () => {
    // One 90 MB sheet, within the part limit, named three times: SheetJS would inflate it thrice.
    const sheet = inflatingSheet(90);
    expect(await inspectXlsxZip(sheet)).toBeNull();
    const overlapping = rewriteCentral(sheet, (record) => {
      if (nameOf(record) !== 'xl/worksheets/sheet1.xml') return [record];
      return ['1', '2', '3'].map((suffix) => {
        const copy = Buffer.from(record);
        copy.write(suffix, 46 + 'xl/worksheets/sheet'.length, 'latin1');
        return copy;
      });
    });
    expect(await inspectXlsxZip(overlapping)).toBe('inflatedTooLarge');
  });

  it('counts every part, whatever its name', async () => {
    const hidden = zipOf([
      ...workbookParts({ name: 'sheet', text: '<worksheet><sheetData/></worksheet>' }),
      { name: 'xl/anything.bin', before: '', unit: '<si/>', times: XLSX_LIMITS.strings + 1, after: '' },
    ]);
    expect(await inspectXlsxZip(hidden)).toBe('tooManyStrings');
  });
});
