import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type TObject, type TSchema } from 'typebox';
import { ErrorReply } from '../../../../common/schemas.js';
import type { ServerMessageCode } from '../../../../common/messages.js';
import type { ResourceDefinition } from '../../../../common/resources/types.js';
import type { Db } from '../../db/index.js';
import { cappedCount } from '../paging.js';
import { EXPORT_ROW_LIMIT, type ExportRecord } from './cells.js';
import { cursorRows } from './cursor.js';
import { checkRowLimit, EXPORT_SUMMARY, exportBodySchema, sendExport, typedColumns, type ExportBody, type KnownColumn } from './export-http.js';

// `POST {list}/export` for any list: the body is the list's own query (its filters, sort and
// search, without the page) or the selected ids; the route checks the columns, refuses past the
// row limit before the first byte, and streams the file. Same access as the list. What differs
// between lists is only where their rows come from (`source`).

/** Pixels of a list column to characters of a spreadsheet column (about 7 px a character). */
const PIXELS_PER_CHARACTER = 7;

/**
 * What a resource's columns hold, from its definition: the type each field's values have, and
 * the list column's width. `from` names another property of the record a column is read from
 * (a reference shown by its label: users' enterprise by its name).
 */
export function knownColumns(definition: ResourceDefinition, from: Readonly<Record<string, string>> = {}): Map<string, KnownColumn> {
  const idField = definition.idField ?? 'id';
  // The id, which the list sends first when it shows no column for it, even where the definition has no field for it (the audit log).
  const fields = (definition.fields ?? []).some((field) => field.name === idField) ? (definition.fields ?? []) : [{ name: idField, type: 'integer' as const }, ...(definition.fields ?? [])];
  return new Map(
    fields.map((field) => {
      const pixels = 'list' in field && field.list ? field.list.width : undefined;
      const source = from[field.name];
      const type = field.name === idField && field.type !== 'text' ? 'integer' : exportTypeOf(field.type);
      return [field.name, { type, ...(pixels ? { width: Math.round(pixels / PIXELS_PER_CHARACTER) } : {}), ...(source ? { from: source } : {}) }];
    }),
  );
}

/** An export type for a field type of the registry (common/resources/types.ts FieldType). */
export function exportTypeOf(fieldType: string): KnownColumn['type'] {
  if (fieldType === 'integer' || fieldType === 'number' || fieldType === 'boolean' || fieldType === 'date' || fieldType === 'datetime') return fieldType;
  return 'text';
}

export interface ExportSource {
  /** The records, in the list's order. */
  rows: AsyncIterable<ExportRecord> | Iterable<ExportRecord>;
  /** How many (past the row limit the export is refused); left out when the source is bounded already (a selection, a dozen plugins). */
  total?: number;
}

export interface ListExportRoute<Q extends TObject> {
  /** The list's path; the route is `{path}/export`. */
  path: string;
  /** The registry's resource: the route has its list access, its file its name. */
  definition: ResourceDefinition;
  tags: string[];
  /** The list's query string schema: the body's `query` is it without page and pageSize. */
  query: Q;
  /** An id of the selection. */
  id: TSchema;
  columns: ReadonlyMap<string, KnownColumn>;
  /** The file name's start and the sheet's name (the resource's name by default). */
  fileName?: string;
  sheetName?: string;
  validationCode?: ServerMessageCode;
  /** The records the query matches, or only `ids` among them, in the list's order. */
  source(query: Record<string, unknown>, ids: string[] | undefined): Promise<ExportSource>;
}

/** A list's unpaged statement as a source: counted first (one past the row limit is enough to refuse), then read through a cursor. */
export async function statementSource(db: Db, statement: { sql: string; from: string; params: unknown[] }): Promise<ExportSource> {
  const counted = await cappedCount(db, statement.from, statement.params, EXPORT_ROW_LIMIT);
  return { total: counted.capped ? EXPORT_ROW_LIMIT + 1 : counted.total, rows: cursorRows(db, statement.sql, statement.params) };
}

async function* asyncRows(rows: AsyncIterable<ExportRecord> | Iterable<ExportRecord>): AsyncGenerator<ExportRecord> {
  yield* rows;
}

export function addListExportRoute<Q extends TObject>(fastify: FastifyInstance, route: ListExportRoute<Q>): void {
  const { definition } = route;
  const { page: _page, pageSize: _pageSize, ...listQuery } = route.query.properties;
  const Body = exportBodySchema(Type.Object(listQuery, { additionalProperties: false }), route.id);
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    `${route.path}/export`,
    {
      config: { access: { resource: definition.name, action: 'list' }, ...(route.validationCode ? { validationCode: route.validationCode } : {}) },
      schema: {
        tags: route.tags,
        summary: `${definition.name}: the filtered list (\`query\`) or the selection (\`ids\`) as a file; ${EXPORT_SUMMARY}`,
        body: Body,
        response: { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const body = request.body as ExportBody & { query?: Record<string, unknown> };
      const columns = typedColumns(body, route.columns);
      const source = await route.source(body.query ?? {}, body.ids);
      if (source.total !== undefined) checkRowLimit(source.total);
      return sendExport(reply, {
        format: body.format,
        columns,
        rows: asyncRows(source.rows),
        name: route.fileName ?? definition.name,
        sheetName: route.sheetName ?? definition.name,
        timeZone: body.timeZone,
      });
    },
  );
}
