import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorReply, Id } from '../../../../common/schemas.js';
import { cappedCount } from '../../lib/paging.js';
import { cursorRows } from '../../lib/export/cursor.js';
import { EXPORT_ROW_LIMIT, type ExportType } from '../../lib/export/cells.js';
import { checkRowLimit, EXPORT_SUMMARY, exportBodySchema, exportTypeOf, sendExport, typedColumns, type ExportBody } from '../../lib/export/export-http.js';
import { listQuerySchema } from './schemas.js';
import type { CrudService } from './service.js';

// `POST {endpoint}/export`: the list's filtered set (its own query: filters, sort, search) or
// the selected records, as .xlsx or CSV, streamed from a cursor. Same access as the list.

/** Pixels of a list column to characters of a spreadsheet column (about 7 px a character). */
const PIXELS_PER_CHARACTER = 7;

export function addExportRoute(fastify: FastifyInstance, service: CrudService, base: string, tags: string[]): void {
  const { model } = service;
  const { definition } = model;
  const { page: _page, pageSize: _pageSize, ...listQuery } = listQuerySchema(model).properties;
  const Body = exportBodySchema(Type.Object(listQuery, { additionalProperties: false }), model.id.definition.type === 'integer' ? Id : Type.String({ minLength: 1, maxLength: 200 }));
  const known = new Map<string, { type: ExportType; width?: number }>(
    model.fields.map((field) => {
      const pixels = field.definition.list ? field.definition.list.width : undefined;
      return [field.name, { type: field === model.id ? 'integer' : exportTypeOf(field.definition.type), ...(pixels ? { width: Math.round(pixels / PIXELS_PER_CHARACTER) } : {}) }];
    }),
  );

  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    `${base}/export`,
    {
      config: { access: { resource: definition.name, action: 'list' }, validationCode: model.messages.invalid },
      schema: {
        tags,
        summary: `${definition.name}: the filtered list (\`query\`) or the selection (\`ids\`) as a file; ${EXPORT_SUMMARY}`,
        body: Body,
        response: { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const body = request.body as ExportBody & { query?: Record<string, unknown> & { sort?: string; q?: string } };
      const columns = typedColumns(body, known);
      const { sort, q, ...filters } = body.query ?? {};
      const statement = service.repository.unpaged({ sort, q, filters, ids: body.ids });
      const counted = await cappedCount(fastify.db, statement.from, statement.params, EXPORT_ROW_LIMIT);
      checkRowLimit(counted.capped ? EXPORT_ROW_LIMIT + 1 : counted.total);
      return sendExport(reply, {
        format: body.format,
        columns,
        rows: cursorRows(fastify.db, statement.sql, statement.params),
        name: definition.name,
        sheetName: definition.name,
        timeZone: body.timeZone,
      });
    },
  );
}
