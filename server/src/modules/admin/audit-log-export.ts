import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { Id } from '../../../../common/schemas.js';
import { auditLog as definition } from '../../../../common/resources/audit-log.js';
import { addListExportRoute, knownColumns, statementSource } from '../../lib/export/list-export-route.js';
import { auditFilterOf } from './audit-log.js';
import { unpagedAuditLog } from './audit-log-repository.js';
import { AuditQuery } from './schemas.js';
import { tags } from './session.js';

// `POST be-api-management/admin/audit-log/export`: the records the list's filters match (or
// the selected ones), with the list's access. The list stops counting at 10,000; the export
// reads on, up to the export's own row limit, through a cursor.

const auditLogExport: FastifyPluginAsyncTypebox = async (fastify) => {
  addListExportRoute(fastify, {
    path: '/audit-log',
    definition,
    tags,
    query: AuditQuery,
    id: Id,
    columns: knownColumns(definition),
    source: async (query, ids) => statementSource(fastify.db, unpagedAuditLog(auditFilterOf(query as Static<typeof AuditQuery>), ids)),
  });
};

export default auditLogExport;
