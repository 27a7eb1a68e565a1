import type { XlsxReader } from '../../common/domains/news/company-sheet';

type Xlsx = typeof import('@e965/xlsx');

/**
 * SheetJS's mini build: it reads .xlsx, the only format a companies upload may be, at 84 KiB gzip
 * against the full build's 154 (it leaves out XLS, XLSB, ODS, Numbers and the codepage tables).
 * It is a UMD file: Node hands its exports over as the default, the bundler as both.
 */
export async function loadXlsxReader(): Promise<XlsxReader> {
  const loaded = (await import('@e965/xlsx/dist/xlsx.mini.min.js')) as unknown as Xlsx & { default?: Xlsx };
  return loaded.default ?? loaded;
}
