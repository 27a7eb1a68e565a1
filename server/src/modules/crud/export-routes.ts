import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { Id } from '../../../../common/schemas.js';
import { addListExportRoute, knownColumns, statementSource } from '../../lib/export/list-export-route.js';
import { listQuerySchema } from './schemas.js';
import type { CrudService } from './service.js';

// `POST {endpoint}/export`: the list's filtered set (its own query: filters, sort, search) or
// the selected records, as .xlsx or CSV, streamed from a cursor. Same access as the list.

export function addExportRoute(fastify: FastifyInstance, service: CrudService, base: string, tags: string[]): void {
  const { model } = service;
  addListExportRoute(fastify, {
    path: base,
    definition: model.definition,
    tags,
    query: listQuerySchema(model),
    id: model.id.definition.type === 'integer' ? Id : Type.String({ minLength: 1, maxLength: 200 }),
    columns: knownColumns(model.definition),
    validationCode: model.messages.invalid,
    async source(query, ids) {
      const { sort, q, ...filters } = query as Record<string, unknown> & { sort?: string; q?: string };
      return statementSource(fastify.db, service.repository.unpaged({ sort, q, filters, ids }));
    },
  });
}
