import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { XlsxInspection, type XlsxRefusal } from '../../common/xlsx-inspection';

// The preview's zip check, before SheetJS reads the file in the user's browser: the same
// limits and counts as the server's, over fflate's streaming unzip (plain JavaScript, synchronous,
// small). fflate walks the local headers rather than the central directory, so entries sharing
// one bomb get past it; that costs only the user's own tab, and the server, which follows the
// central directory, refuses such a file.

/** Compressed bytes per step: at most about a thousand times as many come out of one. */
const STEP = 4096;

/** null when every limit holds, the first limit passed, or 'unreadable'. */
export function checkXlsxZip(bytes: Uint8Array): XlsxRefusal | 'unreadable' | null {
  const inspection = new XlsxInspection();
  const open: UnzipFile[] = [];
  let entries = 0;
  let verdict: XlsxRefusal | 'unreadable' | null = null;
  const unzip = new Unzip((file) => {
    entries += 1;
    verdict ??= inspection.entries(entries);
    if (verdict) return;
    const read = inspection.part();
    file.ondata = (error, chunk) => {
      if (verdict) return;
      verdict = error ? 'unreadable' : read(chunk);
    };
    open.push(file);
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let start = 0; start < bytes.length && !verdict; start += STEP) {
      unzip.push(bytes.subarray(start, start + STEP), start + STEP >= bytes.length);
    }
  } catch {
    verdict ??= 'unreadable';
  }
  if (verdict) for (const file of open) file.terminate();
  return verdict;
}
