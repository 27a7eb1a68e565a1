/** What a COPY column takes here: text, a boolean, a number, or NULL. */
export type CopyValue = string | boolean | number | null;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function field(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (value.includes('\0')) throw new RangeError('a text value cannot contain a NUL character');
  return value.replace(/[\\\n\r\t]/g, (char) => ESCAPES[char] as string);
}

/** Rows in COPY's text format (tab-separated, `\N` for NULL): data, never SQL. */
export function copyText(rows: Iterable<readonly CopyValue[]>): string {
  const lines: string[] = [];
  for (const row of rows) lines.push(`${row.map(field).join('\t')}\n`);
  return lines.join('');
}
