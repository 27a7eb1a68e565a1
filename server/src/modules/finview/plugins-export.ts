import type { FastifyInstance } from 'fastify';
import type { Static, TObject, TSchema } from 'typebox';
import type { PluginAnswer } from '../../../../common/domains/finview/model.js';
import { plugins as definition } from '../../../../common/resources/plugins.js';
import { addListExportRoute, knownColumns } from '../../lib/export/list-export-route.js';

// `POST be-api-management/finview/plugins/export`: the plugins the list's filters match (or
// the selected ones), as the list's other exports make them, with the list's access. A fixed
// dozen, read as the list reads them; what a cell draws as a tag or a user is written as text.

/** A plugin as its file's row: what it fits as "a, b", who changed it last by username. */
function exportRow(plugin: PluginAnswer): Record<string, unknown> {
  return { ...plugin, fits: plugin.fits.join(', '), updatedBy: plugin.updatedBy?.username ?? null };
}

export function addPluginsExport<Q extends TObject>(
  fastify: FastifyInstance,
  base: string,
  query: Q,
  id: TSchema,
  listed: (filters: Omit<Static<Q>, 'page' | 'pageSize'>) => Promise<PluginAnswer[]>,
): void {
  addListExportRoute(fastify, {
    path: base,
    definition,
    tags: ['finview'],
    query,
    id,
    columns: knownColumns(definition),
    async source(filters, ids) {
      const chosen = ids ? new Set(ids) : undefined;
      const answers = await listed(filters as Omit<Static<Q>, 'page' | 'pageSize'>);
      return { rows: answers.filter((plugin) => !chosen || chosen.has(plugin.id)).map(exportRow) };
    },
  });
}
