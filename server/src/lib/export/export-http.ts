import type { FastifyReply } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { HttpError, type FieldRefusal } from '../../errors.js';
import { rule } from '../../../../common/schemas.js';
import { EXPORT_ROW_LIMIT, isTimeZone, type ExportColumn, type ExportRecord, type ExportType } from './cells.js';
import { CSV_CONTENT_TYPE, csvStream } from './csv-stream.js';
import { XLSX_CONTENT_TYPE, xlsxStream } from './xlsx-stream.js';

// What every export route shares: its body (format, columns with the reader's headers, the
// time zone, the selection), the columns checked against what the resource has, the row
// limit, and the file streamed as the answer.

export type ExportFormat = 'xlsx' | 'csv';

export const ExportColumnRequest = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 100 }),
    label: Type.String({ maxLength: 200, description: "the header, in the reader's language" }),
    values: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }), {
        maxProperties: 200,
        description: "a select's words in the reader's language by value (role 2 → \"User\"): the cell holds the words, as the list shows them",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The body of `POST …/export`: `query` is the list's own query (its filters, sort and search), `ids` the selection instead. */
export function exportBodySchema<Q extends TSchema, I extends TSchema>(query: Q, id: I) {
  return Type.Object(
    {
      format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
      columns: Type.Array(ExportColumnRequest, { minItems: 1, maxItems: 100 }),
      query: Type.Optional(query),
      ids: Type.Optional(Type.Array(id, { minItems: 1, maxItems: 10_000, description: 'the selected rows: only these, in the list’s order' })),
      timeZone: Type.Optional(Type.String({ maxLength: 64, description: rule('timeZone') })),
    },
    { additionalProperties: false },
  );
}

export interface ExportBody {
  format: ExportFormat;
  columns: Array<{ field: string; label: string; values?: Record<string, string> | undefined }>;
  ids?: string[] | undefined;
  timeZone?: string | undefined;
}

export const EXPORT_SUMMARY = `the file streamed (.xlsx with typed cells, or CSV in UTF-8); at most ${EXPORT_ROW_LIMIT.toLocaleString('en')} rows (422 exportTooLarge past that, before any byte); 422 exportColumn for a column the list does not have`;

/** What a resource's column holds: its values' type, its width in characters, and the record's property it is read from when not its own. */
export interface KnownColumn {
  type: ExportType;
  width?: number | undefined;
  from?: string | undefined;
}

/** The requested columns typed from what the resource has; 422 naming each unknown one, and a zone the runtime does not know. */
export function typedColumns(body: ExportBody, known: ReadonlyMap<string, KnownColumn>): ExportColumn[] {
  const refused: Record<string, FieldRefusal> = {};
  const columns = body.columns.flatMap((requested, index): ExportColumn[] => {
    const column = known.get(requested.field);
    if (!column) {
      refused[`columns.${index}.field`] = 'exportColumn';
      return [];
    }
    return [
      {
        field: column.from ?? requested.field,
        label: requested.label,
        // A select's words are text, whatever type its values have.
        ...(requested.values ? { values: requested.values, type: 'text' as const } : { type: column.type }),
        ...(column.width === undefined ? {} : { width: column.width }),
      },
    ];
  });
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone)) refused.timeZone = 'timeZone';
  if (Object.keys(refused).length > 0) throw new HttpError(422, 'validation', refused);
  return columns;
}

/** Refuses, before the first byte, an export past the row limit. */
export function checkRowLimit(total: number, limit = EXPORT_ROW_LIMIT): void {
  if (total > limit) throw new HttpError(422, 'exportTooLarge', undefined, { params: { limit: limit.toLocaleString('en') } });
}

/** `news-20261127-1104.xlsx`: the resource and the moment, in UTC. */
export function exportFileName(base: string, format: ExportFormat, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `${base.replace(/[^A-Za-z0-9_-]+/g, '-')}-${stamp}.${format}`;
}

/** Streams the rows as the file; the rows are read only as fast as the reader takes the bytes. */
export function sendExport(
  reply: FastifyReply,
  request: { format: ExportFormat; columns: readonly ExportColumn[]; rows: AsyncIterable<ExportRecord>; name: string; sheetName?: string; timeZone?: string | undefined },
) {
  const options = { ...(request.timeZone ? { timeZone: request.timeZone } : {}), ...(request.sheetName ? { sheetName: request.sheetName } : {}) };
  const stream = request.format === 'xlsx' ? xlsxStream(request.columns, request.rows, options) : csvStream(request.columns, request.rows, options);
  return reply
    .header('content-type', request.format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${exportFileName(request.name, request.format)}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
