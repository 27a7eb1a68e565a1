import type { Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import { XlsxInspection, type XlsxLimits, type XlsxRefusal } from '../../../../common/xlsx-inspection.js';

// The zip of an upload walked the way SheetJS will read it, by its central directory, each
// entry inflated as a stream (zlib off the event loop) and counted as it comes; the walk stops
// at the first chunk past a limit, so a bomb costs a few megabytes of inflation, not gigabytes.
// yauzl rather than a parser of our own: it follows the central directory with zip64, checks
// each inflated size against the declared one (a lying entry fails at the first extra byte)
// and refuses encrypted or unknown-method entries.

export type ZipVerdict = XlsxRefusal | 'unreadable' | null;

/** null when every limit holds; the first limit passed; 'unreadable' when it is no sound zip. */
export async function inspectXlsxZip(data: Buffer, limits?: XlsxLimits): Promise<ZipVerdict> {
  let zip: ZipFile;
  try {
    const { default: yauzl } = await import('yauzl');
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    return 'unreadable';
  }
  const inspection = new XlsxInspection(limits);
  const tooMany = inspection.entries(zip.entryCount);
  if (tooMany) return tooMany;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const verdict = await readPart(await zip.openReadStreamPromise(entry), inspection);
      if (verdict) return verdict;
    }
    return null;
  } catch {
    return 'unreadable';
  } finally {
    zip.close();
  }
}

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (error: Error) => (cleanup(), reject(error));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

async function readPart(stream: Readable, inspection: XlsxInspection): Promise<XlsxRefusal | null> {
  const read = inspection.part();
  // Leaving the loop early destroys the stream: the inflation ends there.
  for await (const chunk of stream) {
    const verdict = read(chunk as Buffer);
    if (verdict) return verdict;
  }
  return null;
}
