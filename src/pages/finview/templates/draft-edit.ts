import type { ArgValue, Binding, Bindings, ParamSchema, ParamsSchema, SourcePluginId } from '../../../../common/domains/finview/model';
import type { Brand, Scene, SceneKind } from '../../../../common/domains/finview/template';
import type { ReportSection } from '../../../../common/domains/finview/report-template';

// Pure edits of a template draft (docs/finview.md "Templates"): what the editor's buttons do,
// kept apart from React so they are tested on their own.

export const SCENE_KINDS: readonly SceneKind[] = ['title', 'bar-chart', 'line-chart', 'ticker', 'table', 'logo', 'text'];
/** Scene kinds a binding can feed (the others have no `bind`). */
export const BINDABLE_KINDS: readonly SceneKind[] = ['bar-chart', 'line-chart', 'ticker', 'table'];

/** A new scene of a kind, timed after the last one (two seconds, capped by the duration), complete enough to preview. */
export function newScene(kind: SceneKind, scenes: readonly Scene[], durationSeconds: number, logo: string | null = null): Scene {
  const lastEnd = scenes.reduce((end, scene) => Math.max(end, scene.end), 0);
  const start = lastEnd >= durationSeconds ? 0 : lastEnd;
  const end = Math.min(durationSeconds, start + 2) > start ? Math.min(durationSeconds, start + 2) : durationSeconds;
  const timing = { start, end };
  switch (kind) {
    case 'title':
      return { ...timing, kind, title: 'Title' };
    case 'bar-chart':
      return { ...timing, kind, labels: ['A', 'B', 'C'], values: [1, 2, 3] };
    case 'line-chart':
      return { ...timing, kind, labels: ['A', 'B', 'C'], series: [{ name: 'Series', values: [1, 3, 2] }] };
    case 'ticker':
      return { ...timing, kind, items: ['Item'] };
    case 'table':
      return { ...timing, kind, columns: ['Column'], rows: [] };
    case 'logo':
      return { ...timing, kind, image: { dataUrl: logo ?? PIXEL_PNG }, position: 'top-right', size: 0.15 };
    case 'text':
      return { ...timing, kind, text: 'Text', x: 0.5, y: 0.5, size: 0.06, align: 'middle' };
  }
}

/** A 1×1 transparent PNG: a logo scene's image until the author picks the firm's. */
export const PIXEL_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Moves the item at `from` by `step` places (−1 up, +1 down); out of range leaves the list as it is. */
export function moveItem<T>(items: readonly T[], from: number, step: number): T[] {
  const to = from + step;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, position) => position !== index);
}

export function replaceItem<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, position) => (position === index ? item : current));
}

/** One row of the parameters editor: a property of the schema with its name and required flag side by side. */
export interface ParamRow {
  name: string;
  type: ParamSchema['type'];
  title?: string;
  required: boolean;
  source?: ParamSchema['x-source'];
  defaultValue?: string | number | boolean;
}

export function paramRowsOf(schema: ParamsSchema | null | undefined): ParamRow[] {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    type: property.type,
    ...(property.title ? { title: property.title } : {}),
    required: required.has(name),
    ...(property['x-source'] ? { source: property['x-source'] } : {}),
    ...(property.default !== undefined ? { defaultValue: property.default } : {}),
  }));
}

/**
 * The schema of the rows, keeping what the rows do not edit (bounds, enums, descriptions) from
 * `previous`. A record picker's value is an id: company ids are integers, series ids too.
 */
export function paramsSchemaOf(rows: readonly ParamRow[], previous?: ParamsSchema | null): ParamsSchema {
  const properties: Record<string, ParamSchema> = {};
  const required: string[] = [];
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' || name in properties) continue;
    const kept = previous?.properties?.[name];
    const type = row.source ? 'integer' : row.type;
    const property: ParamSchema = { ...(kept && kept.type === type ? kept : {}), type };
    if (row.title?.trim()) property.title = row.title.trim();
    else delete property.title;
    if (row.source) property['x-source'] = row.source;
    else delete property['x-source'];
    if (row.defaultValue !== undefined && row.defaultValue !== '') property.default = row.defaultValue;
    else delete property.default;
    properties[name] = property;
    if (row.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/** One row of the bindings editor. */
export interface BindingRow {
  name: string;
  plugin: SourcePluginId;
  args: ArgRow[];
}
/** A binding argument as the editor shows it: a constant (typed as text) or a parameter. */
export interface ArgRow {
  key: string;
  mode: 'constant' | 'param';
  value: string;
}

function argText(value: ArgValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export function bindingRowsOf(bindings: Bindings | null | undefined): BindingRow[] {
  return Object.entries(bindings ?? {}).map(([name, binding]) => ({
    name,
    plugin: binding.plugin,
    args: Object.entries(binding.args ?? {}).map(([key, value]): ArgRow => {
      if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'param' in value) return { key, mode: 'param', value: value.param };
      return { key, mode: 'constant', value: argText(value) };
    }),
  }));
}

/** Text typed for a constant: a number when it reads as one, a list when the argument is one (`companyIds`), else text. */
export function constantOf(text: string, listOf?: 'number' | 'string'): ArgValue {
  const trimmed = text.trim();
  if (listOf) {
    const parts = trimmed.split(',').map((part) => part.trim()).filter((part) => part !== '');
    return listOf === 'number' ? parts.map(Number).filter(Number.isFinite) : parts;
  }
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (trimmed !== '' && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

/** `listArgs` names arguments that are arrays (from the plugin's argsSchema) and their item type. */
export function bindingsOf(rows: readonly BindingRow[], listArgs: Partial<Record<string, Record<string, 'number' | 'string'>>> = {}): Bindings {
  const bindings: Bindings = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' || name in bindings) continue;
    const args: Binding['args'] = {};
    for (const arg of row.args) {
      const key = arg.key.trim();
      if (key === '') continue;
      if (arg.mode === 'param') {
        if (arg.value.trim() !== '') args[key] = { param: arg.value.trim() };
      } else if (arg.value.trim() !== '') args[key] = constantOf(arg.value, listArgs[row.plugin]?.[key]);
    }
    bindings[name] = { plugin: row.plugin, args };
  }
  return bindings;
}

/** The array arguments of each plugin's argsSchema, and their item type, for `bindingsOf`. */
export function listArgsOf(plugins: ReadonlyArray<{ id: string; argsSchema: Record<string, unknown> }>): Record<string, Record<string, 'number' | 'string'>> {
  const lists: Record<string, Record<string, 'number' | 'string'>> = {};
  for (const plugin of plugins) {
    const properties = (plugin.argsSchema.properties ?? {}) as Record<string, { type?: string; items?: { type?: string } }>;
    for (const [key, property] of Object.entries(properties)) {
      if (property.type !== 'array') continue;
      const itemType = property.items?.type === 'number' || property.items?.type === 'integer' ? 'number' : 'string';
      (lists[plugin.id] ??= {})[key] = itemType;
    }
  }
  return lists;
}

/** A body with the firm's brand (and, for video logo scenes, its logo) in place of its own. */
export function withBrand<T extends { brand: Brand }>(body: T, brand: Brand): T {
  return { ...body, brand: { ...brand, palette: [...brand.palette] } };
}

/** The first problem's field path of a publish/preview 422 (`errors.body` etc.) as readable lines. */
export function problemLines(errors: unknown): string[] {
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors as Record<string, unknown>).flatMap(([field, reason]) => {
    const reasons = Array.isArray(reason) ? reason : [reason];
    return reasons
      .filter((item): item is string => typeof item === 'string' && item !== '')
      .flatMap((item) => item.split('\n'))
      .map((item) => (field === 'body' ? item : `${field}: ${item}`));
  });
}

/** Fields whose refusal is a list of schema problems in the server's words (no catalogue code fits each line). */
const PROBLEM_LIST_FIELDS = new Set(['body', 'paramsSchema']);

/**
 * A refusal's lines: `translated` is `{field: reason}` in the reader's language (the http client's
 * ApiError.errors), `raw` the answer's own `errors`, whose problem lists the translation replaced
 * by one generic word.
 */
export function refusalLines(translated: unknown, raw: unknown): string[] {
  const merged: Record<string, unknown> = typeof translated === 'object' && translated !== null ? { ...(translated as Record<string, unknown>) } : {};
  if (typeof raw === 'object' && raw !== null) {
    for (const [field, reason] of Object.entries(raw as Record<string, unknown>)) if (PROBLEM_LIST_FIELDS.has(field) || !(field in merged)) merged[field] = reason;
  }
  return problemLines(merged);
}

/** Clamps a number into [min, max] (the settings' caps for size, fps and duration). */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** "1, 2.5, x" → [1, 2.5]: the numbers typed in a list, what is not one left out. */
export function numbersOf(text: string): number[] {
  return text
    .split(/[,;\s]+/)
    .filter((part) => part !== '')
    .map(Number)
    .filter(Number.isFinite);
}

/** Table rows typed one per line, cells split by `|`; cells that read as numbers become numbers. */
export function rowsOf(text: string): Array<Array<string | number>> {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('|').map((cell) => {
      const trimmed = cell.trim();
      return trimmed !== '' && /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
    }));
}

export function rowsText(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.join(' | ')).join('\n');
}

export const SECTION_KINDS = ['heading', 'paragraph', 'bar-chart', 'line-chart', 'table', 'page-break'] as const;

/** A new report section of a kind, complete enough to preview. */
export function newSection(kind: string): ReportSection {
  switch (kind) {
    case 'heading':
      return { kind, text: 'Heading' };
    case 'paragraph':
      return { kind, text: 'Text' };
    case 'bar-chart':
      return { kind, labels: ['A', 'B', 'C'], values: [1, 2, 3] };
    case 'line-chart':
      return { kind, labels: ['A', 'B', 'C'], series: [{ name: 'Series', values: [1, 3, 2] }] };
    case 'table':
      return { kind, columns: ['Column'], rows: [] };
    default:
      return { kind: 'page-break' };
  }
}
