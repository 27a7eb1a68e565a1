import Type from 'typebox';
import Value from 'typebox/value';

// A finview template is data: stored as JSON, versioned (a published version is never edited),
// checked here before anything renders it. Sizes and positions are fractions of the frame or
// absolute pixels of the template's own size, so one template renders the same at any output
// size. Colours are #rrggbb only: they go into SVG and CSS attributes, so nothing else may pass.

export const TEMPLATE_SCHEMA_VERSION = 1;

const MAX_SECONDS = 600;
const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'a colour as #rrggbb' });
const Seconds = Type.Number({ minimum: 0, maximum: MAX_SECONDS });
export const Text = Type.String({ maxLength: 500 });
export const ShortText = Type.String({ maxLength: 120 });
const Fraction = Type.Number({ minimum: 0, maximum: 1 });
/** Names a key of the bound data whose value supplies this scene's content (labels, values, rows…). */
export const BindName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' });
// PNG and JPEG only: an SVG image could pull in other files or scripts when rasterised.
const DATA_URL_PATTERN = '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$';
const MAX_IMAGE_CHARS = 4_000_000;

export const FONT_FAMILIES = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono'] as const;
export const LOGO_POSITIONS = ['center', 'top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
/** The language a video or report is written for, the app's own: its charts' dates are drawn in it. */
export const TEMPLATE_LOCALES = ['en', 'es'] as const;
export type TemplateLocale = (typeof TEMPLATE_LOCALES)[number];
/** Absent in templates saved before it existed: they draw in English. */
export const LocaleField = Type.Optional(Type.Enum(TEMPLATE_LOCALES));

export const BrandSchema = Type.Object(
  {
    background: Colour,
    foreground: Colour,
    accent: Colour,
    /** Series and bar colours, in order; the accent alone when empty. */
    palette: Type.Array(Colour, { maxItems: 12 }),
    fontFamily: Type.Enum(FONT_FAMILIES),
  },
  { additionalProperties: false },
);

const Cell = Type.Union([Type.String({ maxLength: 200 }), Type.Number()]);

// Content of each scene kind apart from its timing: what a binding may supply.
export const BarChartContent = {
  title: Type.Optional(ShortText),
  labels: Type.Array(ShortText, { maxItems: 40 }),
  values: Type.Array(Type.Number(), { maxItems: 40 }),
  unit: Type.Optional(Type.String({ maxLength: 16 })),
};
export const LineChartContent = {
  title: Type.Optional(ShortText),
  labels: Type.Array(ShortText, { maxItems: 2000 }),
  series: Type.Array(
    Type.Object(
      { name: ShortText, values: Type.Array(Type.Number(), { maxItems: 2000 }), colour: Type.Optional(Colour) },
      { additionalProperties: false },
    ),
    { minItems: 1, maxItems: 8 },
  ),
};
const TickerContent = { items: Type.Array(Text, { minItems: 1, maxItems: 100 }) };
/** Rows at most: what fits a frame, or many pages of a report. */
export function tableContent(maxRows: number) {
  return {
    title: Type.Optional(ShortText),
    columns: Type.Array(ShortText, { minItems: 1, maxItems: 12 }),
    rows: Type.Array(Type.Array(Cell, { maxItems: 12 }), { maxItems: maxRows }),
  };
}
const TableContent = tableContent(60);

const Timing = { id: Type.Optional(ShortText), start: Seconds, end: Seconds };
const Bindable = { bind: Type.Optional(BindName) };

export const ImageSchema = Type.Union([
  Type.Object({ blobId: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
  Type.Object({ dataUrl: Type.String({ pattern: DATA_URL_PATTERN, maxLength: MAX_IMAGE_CHARS }) }, { additionalProperties: false }),
]);

export const strict = { additionalProperties: false } as const;

export const TitleSceneSchema = Type.Object(
  { ...Timing, kind: Type.Literal('title'), title: Text, subtitle: Type.Optional(Text) },
  strict,
);
export const BarChartSceneSchema = Type.Object(
  {
    ...Timing,
    ...Bindable,
    kind: Type.Literal('bar-chart'),
    ...BarChartContent,
    /** Seconds the bars take to grow from zero. */
    growSeconds: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
  },
  strict,
);
export const LineChartSceneSchema = Type.Object(
  {
    ...Timing,
    ...Bindable,
    kind: Type.Literal('line-chart'),
    ...LineChartContent,
    /** Seconds the lines take to draw from left to right. */
    drawSeconds: Type.Optional(Type.Number({ minimum: 0, maximum: 30 })),
  },
  strict,
);
export const TickerSceneSchema = Type.Object(
  {
    ...Timing,
    ...Bindable,
    kind: Type.Literal('ticker'),
    ...TickerContent,
    /** Frame widths per second the text moves. */
    speed: Type.Optional(Type.Number({ minimum: 0.01, maximum: 2 })),
  },
  strict,
);
export const TableSceneSchema = Type.Object({ ...Timing, ...Bindable, kind: Type.Literal('table'), ...TableContent }, strict);
export const LogoSceneSchema = Type.Object(
  {
    ...Timing,
    kind: Type.Literal('logo'),
    image: ImageSchema,
    position: Type.Enum(LOGO_POSITIONS),
    /** Height of the logo's box as a fraction of the frame's height. */
    size: Type.Number({ minimum: 0.02, maximum: 1 }),
  },
  strict,
);
export const TextSceneSchema = Type.Object(
  {
    ...Timing,
    kind: Type.Literal('text'),
    text: Text,
    x: Fraction,
    y: Fraction,
    /** Font size as a fraction of the frame's height. */
    size: Type.Number({ minimum: 0.01, maximum: 0.5 }),
    align: Type.Enum(['start', 'middle', 'end']),
    bold: Type.Optional(Type.Boolean()),
    colour: Type.Optional(Colour),
  },
  strict,
);

export const SceneSchema = Type.Union([
  TitleSceneSchema,
  BarChartSceneSchema,
  LineChartSceneSchema,
  TickerSceneSchema,
  TableSceneSchema,
  LogoSceneSchema,
  TextSceneSchema,
]);

export const VideoTemplateSchema = Type.Object(
  {
    schemaVersion: Type.Literal(TEMPLATE_SCHEMA_VERSION),
    // Even sizes: H.264 in yuv420p halves both dimensions for colour.
    size: Type.Object(
      {
        width: Type.Integer({ minimum: 16, maximum: 3840, multipleOf: 2 }),
        height: Type.Integer({ minimum: 16, maximum: 2160, multipleOf: 2 }),
      },
      strict,
    ),
    fps: Type.Integer({ minimum: 1, maximum: 60 }),
    durationSeconds: Type.Number({ exclusiveMinimum: 0, maximum: MAX_SECONDS }),
    brand: BrandSchema,
    locale: LocaleField,
    scenes: Type.Array(SceneSchema, { maxItems: 100 }),
  },
  strict,
);

export type Brand = Type.Static<typeof BrandSchema>;
export type Scene = Type.Static<typeof SceneSchema>;
export type SceneKind = Scene['kind'];
export type VideoTemplate = Type.Static<typeof VideoTemplateSchema>;
export type BarChartScene = Type.Static<typeof BarChartSceneSchema>;
export type LineChartScene = Type.Static<typeof LineChartSceneSchema>;
export type TickerScene = Type.Static<typeof TickerSceneSchema>;
export type TableScene = Type.Static<typeof TableSceneSchema>;
export type LogoScene = Type.Static<typeof LogoSceneSchema>;
export type TextScene = Type.Static<typeof TextSceneSchema>;
export type TitleScene = Type.Static<typeof TitleSceneSchema>;

/** What a binding may supply per scene kind (all fields optional: they override the template's). */
const BOUND_CONTENT: Record<string, Type.TObject> = {
  'bar-chart': Type.Object(BarChartContent, strict),
  'line-chart': Type.Object(LineChartContent, strict),
  ticker: Type.Object(TickerContent, strict),
  table: Type.Object(TableContent, strict),
};

export type Check<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** The fields of a chart or table that the rules between fields look at. */
interface ContentFields {
  kind: string;
  labels?: string[];
  values?: number[];
  series?: { values: number[] }[];
  columns?: string[];
  rows?: (string | number)[][];
}

/** Rules between the fields of a chart or table, which the schema checks one by one. `at` prefixes each problem's path. */
export function contentProblems(item: ContentFields, at: string): string[] {
  const problems: string[] = [];
  const labels = item.labels ?? [];
  const numbers: number[] = [];
  if (item.kind === 'bar-chart') {
    if (labels.length !== item.values?.length) problems.push(`${at}/values must have one value per label`);
    numbers.push(...(item.values ?? []));
  }
  if (item.kind === 'line-chart') {
    (item.series ?? []).forEach((series, index) => {
      if (series.values.length !== labels.length) problems.push(`${at}/series/${index}/values must have one value per label`);
      numbers.push(...series.values);
    });
  }
  if (item.kind === 'table') {
    (item.rows ?? []).forEach((row, index) => {
      if (row.length > (item.columns?.length ?? 0)) problems.push(`${at}/rows/${index} has more cells than columns`);
      numbers.push(...row.filter((cell): cell is number => typeof cell === 'number'));
    });
  }
  // JSON cannot carry them, but values built in code can; a chart scale of NaN draws nothing.
  if (numbers.some((value) => !Number.isFinite(value))) problems.push(`${at} has a number that is not finite`);
  return problems;
}

/** `contentProblems` plus the scene's timing within the video. */
export function sceneProblems(scene: Scene, at: string, durationSeconds?: number): string[] {
  const problems: string[] = [];
  if (scene.end <= scene.start) problems.push(`${at}/end must be after start`);
  if (durationSeconds !== undefined && scene.end > durationSeconds) problems.push(`${at}/end must be at most the duration`);
  return [...problems, ...contentProblems(scene, at)];
}

export function schemaProblems(schema: Type.TSchema, value: unknown, prefix = ''): string[] {
  const problems = Value.Errors(schema, value).map((error) => `${prefix}${error.instancePath || '/'} ${error.message}`);
  return [...new Set(problems)].slice(0, 20);
}

/** Checks a stored or submitted video template. */
export function checkVideoTemplate(value: unknown): Check<VideoTemplate> {
  if (!Value.Check(VideoTemplateSchema, value)) return { ok: false, problems: schemaProblems(VideoTemplateSchema, value) };
  const template = value as VideoTemplate;
  const problems = template.scenes.flatMap((scene, index) => sceneProblems(scene, `/scenes/${index}`, template.durationSeconds));
  return problems.length === 0 ? { ok: true, value: template } : { ok: false, problems };
}

/**
 * Data bound to a template: keys named by scenes' `bind` supply their content, and any string or
 * number value fills `{{key}}` placeholders in texts. `images` maps a logo's blob id to its bytes
 * as a data URL (the caller reads the blob store; rendering reads nothing).
 */
export interface BoundData {
  values?: Record<string, unknown>;
  images?: Record<string, string>;
}

/** A template with its data applied: every scene complete, every logo a data URL. */
export interface BoundVideo {
  size: { width: number; height: number };
  fps: number;
  durationSeconds: number;
  brand: Brand;
  locale?: TemplateLocale;
  scenes: Scene[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_.-]{0,63})\s*\}\}/g;

/** Replaces `{{key}}` by the value's text; unknown keys stay visible so an author sees them. */
export function fillPlaceholders(text: string, values: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    const value = values[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/**
 * One scene or report section with its data applied: the bound content merged in (checked against
 * `contentSchemas[kind]`), a logo's blob id replaced by its data URL, placeholders filled in its
 * texts. Problems are appended to `problems`; the item comes back as far as it could be bound.
 */
export function bindItem<T extends { kind: string }>(
  original: T,
  at: string,
  data: BoundData,
  problems: string[],
  contentSchemas: Record<string, Type.TObject> = BOUND_CONTENT,
): T {
  const values = data.values ?? {};
  let item: T = original;
  const bind = (item as { bind?: string }).bind;
  const contentSchema = contentSchemas[item.kind];
  if (bind !== undefined && contentSchema) {
    const supplied = values[bind];
    const schema = Type.Partial(contentSchema);
    if (supplied === undefined) problems.push(`${at}: no data for "${bind}"`);
    else if (!Value.Check(schema, supplied)) problems.push(...schemaProblems(schema, supplied, `${at} (data "${bind}")`));
    else item = { ...item, ...(supplied as object) };
  }
  const image = (item as { image?: { blobId?: string } }).image;
  if (image?.blobId !== undefined) {
    const dataUrl = data.images?.[image.blobId];
    if (dataUrl === undefined || !new RegExp(DATA_URL_PATTERN).test(dataUrl)) {
      problems.push(`${at}/image: blob ${image.blobId} is not a PNG or JPEG data URL`);
    } else item = { ...item, image: { dataUrl } };
  }
  const filled: Record<string, unknown> = { ...item };
  for (const key of ['title', 'subtitle', 'text'] as const) {
    const text = filled[key];
    if (typeof text === 'string') filled[key] = fillPlaceholders(text, values);
  }
  if (Array.isArray(filled.items)) filled.items = filled.items.map((text) => (typeof text === 'string' ? fillPlaceholders(text, values) : text));
  return filled as T;
}

/** Applies data to a checked template; problems name the scene and the data key at fault. */
export function bindVideoTemplate(template: VideoTemplate, data: BoundData = {}): Check<BoundVideo> {
  const problems: string[] = [];
  const scenes = template.scenes.map((original, index): Scene => {
    const at = `/scenes/${index}`;
    const scene = bindItem(original, at, data, problems);
    problems.push(...sceneProblems(scene, at, template.durationSeconds));
    return scene;
  });
  if (problems.length > 0) return { ok: false, problems };
  const { size, fps, durationSeconds, brand, locale } = template;
  return { ok: true, value: { size, fps, durationSeconds, brand, ...(locale ? { locale } : {}), scenes } };
}
