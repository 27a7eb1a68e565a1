import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { SOURCE_PLUGINS, WIDGET_PLUGINS, type PluginAnswer, type PluginId } from '../../../../common/domains/finview/model.js';
import { HttpError, orNotFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { isoOf, sendPage } from '../../lib/paging.js';
import { Page, PageSize } from '../../../../common/schemas.js';
import { readBinding } from './bindings.js';
import { reasonsOf, validatorOf } from './params.js';
import { createPriceSeriesService, PRICE_SERIES_FORM } from './price-series.js';
import { readPlugins, sourceOf, type PluginRow } from './sources.js';
import { addPluginsExport } from './plugins-export.js';

// Plugins (docs/finview.md "Plugins"): the built-in sources and widgets, switched and configured
// by Admins; a source's sample; the price series the price-series source reads.

const BASE = '/be-api-management/finview/plugins';
const tags = ['finview'];
const WIDGET_CONFIG = { type: 'object', properties: {}, additionalProperties: false };
const ORDER: readonly PluginId[] = [...SOURCE_PLUGINS, ...WIDGET_PLUGINS];
const IdParams = Type.Object({ id: Type.Enum([...ORDER]) });

function pluginAnswer(row: PluginRow): PluginAnswer {
  const source = sourceOf(row.id);
  return {
    id: row.id,
    kind: row.kind,
    enabled: row.enabled,
    available: row.available,
    config: row.config,
    configSchema: source?.configSchema ?? WIDGET_CONFIG,
    argsSchema: source?.argsSchema(row.config) ?? {},
    fits: source?.fits ?? [],
    version: row.version,
    updatedAt: isoOf(row.updatedAt),
    updatedBy: row.updatedById !== null && row.updatedByName !== null ? { id: row.updatedById, username: row.updatedByName } : null,
  };
}

export const pluginRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const series = createPriceSeriesService(fastify);
  const list = { access: { resource: 'plugins', action: 'list' } } as const;

  // The generic list's protocol over a fixed dozen: `kind` (its tabs), `enabled`, `q` (the id), and pages.
  const ListQuery = Type.Object(
    {
      page: Type.Optional(Page),
      pageSize: Type.Optional(PageSize),
      kind: Type.Optional(Type.Enum(['source', 'widget'])),
      enabled: Type.Optional(Type.Boolean()),
      q: Type.Optional(Type.String({ maxLength: 100 })),
    },
    { additionalProperties: false },
  );
  /** The plugins the list's filters match, in its order. */
  async function listed({ kind, enabled, q }: Omit<Static<typeof ListQuery>, 'page' | 'pageSize'>): Promise<PluginAnswer[]> {
    const rows = await readPlugins(fastify.db, await fastify.appConfig.current());
    const needle = q?.trim().toLowerCase();
    return ORDER.flatMap((id) => {
      const row = rows.get(id);
      return row ? [pluginAnswer(row)] : [];
    }).filter((plugin) => (kind === undefined || plugin.kind === kind) && (enabled === undefined || plugin.enabled === enabled) && (!needle || plugin.id.includes(needle)));
  }
  fastify.get(BASE, { config: list, schema: { tags, summary: 'Sources then widgets, with their config, schemas and what they fit; x-total-count', querystring: ListQuery } }, async (request, reply) => {
    const { page = 1, pageSize, ...filters } = request.query;
    const answers = await listed(filters);
    // Without a page size, every plugin (the editor's and the bindings' callers).
    const shown = pageSize === undefined ? answers : answers.slice((page - 1) * pageSize, page * pageSize);
    return sendPage(reply, { rows: shown, total: answers.length });
  });
  addPluginsExport(fastify, BASE, ListQuery, IdParams.properties.id, listed);

  fastify.get(`${BASE}/:id`, { config: { access: { resource: 'plugins', action: 'show' } }, schema: { tags, summary: 'One plugin', params: IdParams } }, async (request) => {
    const row = (await readPlugins(fastify.db, await fastify.appConfig.current())).get(request.params.id);
    return pluginAnswer(orNotFound(row, 'notFound'));
  });

  fastify.put(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'plugins', action: 'edit' } },
      schema: {
        tags,
        summary: 'Admin+: switches a plugin and sets its config (with version)',
        params: IdParams,
        body: Type.Object({ enabled: Type.Boolean(), config: Type.Record(Type.String(), Type.Unknown()), version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      },
    },
    async (request) => {
      const actor = request.actor;
      const { id } = request.params;
      const { enabled, config, version } = request.body;
      const schema = sourceOf(id)?.configSchema ?? WIDGET_CONFIG;
      const checked = structuredClone(config);
      const validate = validatorOf(schema);
      if (!validate(checked)) throw new HttpError(422, 'validation', reasonsOf(validate.errors, 'config'));
      const appConfig = await fastify.appConfig.current();
      return fastify.db.transaction(async (tx) => {
        const before = orNotFound((await readPlugins(tx, null)).get(id), 'notFound');
        await tx.query('SELECT 1 FROM finview_plugins WHERE id = $1 FOR UPDATE', [id]);
        const current = (await readPlugins(tx, null)).get(id)!;
        if (current.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: current.version } });
        await tx.query('UPDATE finview_plugins SET enabled = $2, config = $3::jsonb, version = version + 1, updated_by = $4, updated_at = now() WHERE id = $1', [
          id,
          enabled,
          JSON.stringify(checked),
          actor.id,
        ]);
        const after = (await readPlugins(tx, appConfig)).get(id)!;
        await recordAudit(tx, { actor, entity: 'finview_plugin', entityId: id, action: 'update', before: { enabled: before.enabled, config: before.config }, after: { enabled: after.enabled, config: after.config } });
        return pluginAnswer(after);
      });
    },
  );

  fastify.post(
    `${BASE}/:id/sample`,
    {
      config: list,
      schema: { tags, summary: 'What a binding of this source gives now', params: IdParams, body: Type.Object({ args: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false }) },
    },
    async (request) => {
      const { id } = request.params;
      if (!sourceOf(id)) throw new HttpError(422, 'validation', { id: 'pluginUnknown' });
      const plugins = await readPlugins(fastify.db, await fastify.appConfig.current());
      const args = structuredClone(request.body.args);
      const data = await readBinding(fastify.db, plugins, { plugin: id as never, args: {} }, args, 'args');
      return { data };
    },
  );

  fastify.get(`${BASE}/price-series/series`, { config: list, schema: { tags, summary: 'Uploaded price series' } }, async (_request, reply) => {
    const rows = await series.list();
    return sendPage(reply, { rows, total: rows.length });
  });

  fastify.post(
    `${BASE}/price-series/series`,
    { config: { ...list, upload: PRICE_SERIES_FORM }, schema: { tags, summary: 'Multipart: file (.xlsx or .csv ≤ 5 MB, Date and Close/Value/Price columns), name, symbol?', consumes: ['multipart/form-data'] } },
    async (request, reply) => reply.code(201).send(await series.upload(request.actor, request)),
  );

  fastify.delete(
    `${BASE}/price-series/series/:id`,
    { config: list, schema: { tags, summary: 'Deletes a price series (409 while a rule names it)', params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }) } },
    async (request, reply) => {
      await series.remove(request.actor, request.params.id);
      return reply.code(204).send();
    },
  );
};
