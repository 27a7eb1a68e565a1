import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../../common/config/schema.js';
import type { Queryable } from '../../db/index.js';
import { HttpError, type FieldRefusal } from '../../errors.js';
import type { ArgValue, Binding, Bindings, NewsEventField, ParamsSchema, ParamValues, PluginData, TemplateBody, WidgetPluginId } from '../../../../common/domains/finview/model.js';
import type { BoundData } from '../../../../common/domains/finview/template.js';
import { fitData } from './fit.js';
import { logoDataUrl } from './settings.js';
import { reasonsOf, validatorOf } from './params.js';
import { readPlugins, SourceArgError, sourceOf, type Args, type PluginRow, type SourcePlugin } from './sources.js';

// Bindings (docs/finview.md "Plugins"): each scene `bind` names a binding {plugin, args}; its
// source is read now and its answer fitted to the scene's kind. Publish checks the same
// without reading (checkBindings); renders and previews read (resolveBindings).

export interface ResolveInput {
  body: TemplateBody;
  bindings: Bindings;
  params: ParamValues;
  /** A rule's event, whose fields `{event: field}` arguments take. */
  event?: Partial<Record<NewsEventField, string | number>>;
  /** The version's schema: its `x-source: company-records` params add `<param>Name`. */
  paramsSchema?: ParamsSchema;
}

export interface ResolveOptions {
  /** Preview: a required arg still missing takes the plugin's sample (real data to look at). */
  sample?: boolean;
}

const isVideo = (body: TemplateBody): body is Extract<TemplateBody, { scenes: unknown }> => 'scenes' in body;

/** Bind name -> the kind of the first scene or section that binds it. */
export function boundKinds(body: TemplateBody): Map<string, string> {
  const items: Array<{ kind: string; bind?: string }> = isVideo(body) ? body.scenes : body.sections;
  const kinds = new Map<string, string>();
  for (const item of items) if (item.bind !== undefined && !kinds.has(item.bind)) kinds.set(item.bind, item.kind);
  return kinds;
}

const REPORT_WIDGETS: Record<string, WidgetPluginId | undefined> = { heading: 'title', paragraph: 'text', 'bar-chart': 'bar-chart', 'line-chart': 'line-chart', table: 'table' };

/** The widget plugins a template draws with. */
export function widgetsUsed(body: TemplateBody): Set<WidgetPluginId> {
  const used = new Set<WidgetPluginId>();
  if (isVideo(body)) for (const scene of body.scenes) used.add(scene.kind);
  else {
    for (const section of body.sections) {
      const widget = REPORT_WIDGETS[section.kind];
      if (widget) used.add(widget);
    }
    if (body.logo) used.add('logo');
  }
  return used;
}

function pluginReady(row: PluginRow | undefined, id: string): void {
  if (row && !row.available) throw new HttpError(422, 'finviewPluginUnavailable', undefined, { params: { plugin: id } });
  if (row && !row.enabled) throw new HttpError(422, 'finviewPluginOff', undefined, { params: { plugin: id } });
}

/** Every widget used is switched on, else 422 `finviewPluginOff`. */
export function checkWidgets(plugins: Map<string, PluginRow>, body: TemplateBody): void {
  for (const widget of widgetsUsed(body)) pluginReady(plugins.get(widget), widget);
}

/** What each `{param}` and `{event}` argument takes; missing values are left out (a default or `required` speaks). */
function resolveArgs(args: Record<string, ArgValue>, params: ParamValues, event: ResolveInput['event']): Args {
  const resolved: Args = {};
  for (const [key, value] of Object.entries(args ?? {})) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const taken = 'param' in value ? params[value.param] : event?.[value.event];
      if (taken !== undefined) resolved[key] = taken;
    } else if (value !== null) resolved[key] = Array.isArray(value) ? [...value] : value;
  }
  return resolved;
}

/** Checks args against the plugin's argsSchema (defaults filled into `args`); the first problem, or null. */
function argsRefusal(plugin: SourcePlugin, row: PluginRow | undefined, args: Args, ignoreMissing: ReadonlySet<string> = new Set()): FieldRefusal | null {
  const validate = validatorOf(plugin.argsSchema(row?.config ?? {}));
  if (validate(args)) return null;
  const errors = (validate.errors ?? []).filter((error) => !(error.keyword === 'required' && ignoreMissing.has(String(error.params.missingProperty))));
  const reasons = Object.entries(reasonsOf(errors, 'args'));
  const first = reasons[0];
  if (!first) return null;
  return { code: first[1].code, params: { ...first[1].params, arg: first[0].replace(/^args\./, '') } };
}

/**
 * Publish's check of the bindings, nothing read: every bind has a binding, every binding a
 * known, enabled, available source whose data fits the scene and whose constant args fit its
 * argsSchema, every `{param}` a param of the schema. Refusals keyed `bindings.<name>`; a plugin
 * off or unavailable throws 422 `finviewPluginOff` / `finviewPluginUnavailable`.
 */
export async function checkBindings(
  q: Queryable,
  body: TemplateBody,
  bindings: Bindings,
  paramsSchema: ParamsSchema,
  config: AppConfig,
): Promise<Record<string, FieldRefusal>> {
  const plugins = await readPlugins(q, config);
  checkWidgets(plugins, body);
  const refusals: Record<string, FieldRefusal> = {};
  for (const [name, kind] of boundKinds(body)) {
    const binding: Binding | undefined = Object.hasOwn(bindings, name) ? bindings[name] : undefined;
    const field = `bindings.${name}`;
    if (!binding) {
      refusals[field] = 'bindingMissing';
      continue;
    }
    const plugin = sourceOf(binding.plugin);
    if (!plugin) {
      refusals[field] = 'pluginUnknown';
      continue;
    }
    pluginReady(plugins.get(plugin.id), plugin.id);
    if (!plugin.fits.includes(kind)) {
      refusals[field] = 'invalid';
      continue;
    }
    const dynamic = new Set<string>();
    const constants: Args = {};
    for (const [key, value] of Object.entries(binding.args ?? {})) {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        if ('param' in value && !Object.hasOwn(paramsSchema.properties, value.param)) {
          refusals[field] = { code: 'invalid', params: { arg: key } };
        }
        dynamic.add(key);
      } else if (value !== null) constants[key] = value;
    }
    if (refusals[field]) continue;
    // Values from params or events are checked when they exist (render time); here, the constants.
    const refusal = argsRefusal(plugin, plugins.get(plugin.id), constants, dynamic);
    if (refusal && !(typeof refusal === 'object' && dynamic.has(String(refusal.params?.arg)))) refusals[field] = refusal;
  }
  return refusals;
}

/** Reads one binding's source now (args resolved and checked). Throws SourceArgError or HttpError. */
export async function readBinding(q: Queryable, plugins: Map<string, PluginRow>, binding: Binding, args: Args, field: string, sample = false): Promise<PluginData> {
  const plugin = sourceOf(binding.plugin);
  if (!plugin) throw new HttpError(422, 'validation', { [field]: 'pluginUnknown' });
  const row = plugins.get(plugin.id);
  pluginReady(row, plugin.id);
  let refusal = argsRefusal(plugin, row, args);
  if (refusal && sample) {
    Object.assign(args, { ...(await plugin.sampleArgs(q)), ...args });
    refusal = argsRefusal(plugin, row, args);
  }
  if (refusal) throw new HttpError(422, 'validation', { [field]: refusal });
  try {
    return await plugin.read(q, args, row?.config ?? {});
  } catch (error) {
    if (error instanceof SourceArgError) throw new HttpError(422, 'validation', { [field]: { code: error.reason, params: { arg: error.arg } } });
    throw error;
  }
}

async function companyNames(q: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await q.query<{ id: number; name: string }>('SELECT company_id::int AS id, comp_name AS name FROM companies WHERE company_id = ANY($1::bigint[])', [ids]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Blob ids of logos the template draws. */
function logoBlobIds(body: TemplateBody): string[] {
  const images = isVideo(body) ? body.scenes.map((scene) => (scene.kind === 'logo' ? scene.image : undefined)) : [body.logo];
  return [...new Set(images.flatMap((image) => (image && 'blobId' in image ? [image.blobId] : [])))];
}

async function imageDataUrls(fastify: FastifyInstance, q: Queryable, ids: string[]): Promise<Record<string, string>> {
  const images: Record<string, string> = {};
  for (const id of ids) {
    const dataUrl = await logoDataUrl(fastify.blobs, q, id);
    if (dataUrl !== null) images[id] = dataUrl;
  }
  return images;
}

/**
 * The data a render binds: every binding's source read now and fitted to its scene's kind, the
 * params (and `<param>Name` of company params) for placeholders, logo images as data URLs.
 * Throws HttpError 422 (`finviewPluginOff`, `finviewPluginUnavailable`, field errors) when it cannot.
 */
export async function resolveBindings(fastify: FastifyInstance, q: Queryable, input: ResolveInput, options: ResolveOptions = {}): Promise<BoundData> {
  const { body, bindings, params, event } = input;
  const plugins = await readPlugins(q, await fastify.appConfig.current());
  checkWidgets(plugins, body);
  const target = isVideo(body) ? 'video' : 'report';
  const values: Record<string, unknown> = { ...params };
  // Params that name companies: from the schema, and from bindings passing them as a company id.
  const companyParams = new Set(Object.entries(input.paramsSchema?.properties ?? {}).filter(([, schema]) => schema['x-source'] === 'company-records').map(([name]) => name));
  for (const binding of Object.values(bindings ?? {})) {
    const arg = binding.args?.companyId;
    if (arg && typeof arg === 'object' && !Array.isArray(arg) && 'param' in arg) companyParams.add(arg.param);
  }
  const ids = [...companyParams].map((name) => params[name]).filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id));
  const names = await companyNames(q, ids);
  for (const name of companyParams) {
    const company = names.get(params[name] as number);
    if (company !== undefined) values[`${name}Name`] = company;
  }
  const refusals: Record<string, FieldRefusal> = {};
  for (const [name, kind] of boundKinds(body)) {
    const field = `bindings.${name}`;
    const binding = Object.hasOwn(bindings ?? {}, name) ? bindings[name] : undefined;
    if (!binding) {
      refusals[field] = 'bindingMissing';
      continue;
    }
    const data = await readBinding(q, plugins, binding, resolveArgs(binding.args, params, event), field, options.sample === true);
    const content = fitData(data, kind, target);
    if (!content) refusals[field] = 'invalid';
    else values[name] = content;
  }
  if (Object.keys(refusals).length > 0) throw new HttpError(422, 'validation', refusals);
  const images = await imageDataUrls(fastify, q, logoBlobIds(body));
  return { values, images };
}
