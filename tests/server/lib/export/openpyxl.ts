import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// An exported .xlsx opened by another library: Python's openpyxl (Debian's python3-openpyxl,
// for Debian's /usr/bin/python3, which `npm test` installs with scripts/ensure-openpyxl.mjs).
// Each cell comes back as its Python type's name and value, so a test sees what a reader gets.

export const OPENPYXL_PYTHON = process.env.OPENPYXL_PYTHON ?? '/usr/bin/python3';

export interface ReadCell {
  /** Python's type name: int, float, str, bool, datetime, NoneType. */
  type: string;
  /** Dates as ISO text (isoformat), the rest as JSON has them. */
  value: string | number | boolean | null;
}

export interface ReadWorkbook {
  sheet: string;
  /** Frozen panes' top-left cell (A2 when the header is frozen). */
  frozen: string | null;
  widths: Record<string, number | null>;
  bold: boolean[];
  rows: ReadCell[][];
}

const SCRIPT = `
import json, sys, openpyxl
book = openpyxl.load_workbook(sys.argv[1])
sheet = book.worksheets[0]
def cell(value):
    kind = type(value).__name__
    if hasattr(value, 'isoformat'):
        return {'type': kind, 'value': value.isoformat()}
    return {'type': kind, 'value': value}
rows = [[cell(c.value) for c in row] for row in sheet.iter_rows()]
widths = {key: dim.width for key, dim in sheet.column_dimensions.items()}
bold = [bool(c.font and c.font.b) for c in sheet[1]]
print(json.dumps({'sheet': sheet.title, 'frozen': sheet.freeze_panes, 'widths': widths, 'bold': bold, 'rows': rows}))
`;

/** Reads the workbook with openpyxl; fails (never skips) with what to do when openpyxl is missing. */
export function readWithOpenpyxl(xlsx: Buffer): ReadWorkbook {
  try {
    execFileSync(OPENPYXL_PYTHON, ['-c', 'import openpyxl'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      `openpyxl is missing for ${OPENPYXL_PYTHON}: install Debian's python3-openpyxl (node scripts/ensure-openpyxl.mjs, which npm test runs first) or set OPENPYXL_PYTHON`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-openpyxl-'));
  try {
    const file = path.join(dir, 'export.xlsx');
    writeFileSync(file, xlsx);
    return JSON.parse(execFileSync(OPENPYXL_PYTHON, ['-c', SCRIPT, file], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })) as ReadWorkbook;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
