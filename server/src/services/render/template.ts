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
const Text = Type.String({ maxLength: 500 });
const ShortText = Type.String({ maxLength: 120 });
const Fraction = Type.Number({ minimum: 0, maximum: 1 });
/** Names a key of the bound data whose value supplies this scene's content (labels, values, rows…). */
const BindName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' });
// PNG and JPEG only: an SVG image could pull in other files or scripts when rasterised.
const DATA_URL_PATTERN = '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$';
const MAX_IMAGE_CHARS = 4_000_000;

export const FONT_FAMILIES = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono'] as const;
export const LOGO_POSITIONS = ['center', 'top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;

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
const BarChartContent = {
  title: Type.Optional(ShortText),
  labels: Type.Array(ShortText, { maxItems: 40 }),
  values: Type.Array(Type.Number(), { maxItems: 40 }),
  unit: Type.Optional(Type.String({ maxLength: 16 })),
};
const LineChartContent = {
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
const TableContent = {
  title: Type.Optional(ShortText),
  columns: Type.Array(ShortText, { minItems: 1, maxItems: 12 }),
  rows: Type.Array(Type.Array(Cell, { maxItems: 12 }), { maxItems: 60 }),
};

const Timing = { id: Type.Optional(ShortText), start: Seconds, end: Seconds };
const Bindable = { bind: Type.Optional(BindName) };

export const ImageSchema = Type.Union([
  Type.Object({ blobId: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
  Type.Object({ dataUrl: Type.String({ pattern: DATA_URL_PATTERN, maxLength: MAX_IMAGE_CHARS }) }, { additionalProperties: false }),
]);

const strict = { additionalProperties: false } as const;

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
const BOUND_CONTENT = {
  'bar-chart': Type.Object(BarChartContent, strict),
  'line-chart': Type.Object(LineChartContent, strict),
  ticker: Type.Object(TickerContent, strict),
  table: Type.Object(TableContent, strict),
} as const;

export type Check<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Rules between fields that the schema checks one by one. `at` prefixes each problem's path. */
export function sceneProblems(scene: Scene, at: string, durationSeconds?: number): string[] {
  const problems: string[] = [];
  if (scene.end <= scene.start) problems.push(`${at}/end must be after start`);
  if (durationSeconds !== undefined && scene.end > durationSeconds) problems.push(`${at}/end must be at most the duration`);
  const numbers: number[] = [];
  if (scene.kind === 'bar-chart') {
    if (scene.labels.length !== scene.values.length) problems.push(`${at}/values must have one value per label`);
    numbers.push(...scene.values);
  }
  if (scene.kind === 'line-chart') {
    scene.series.forEach((series, index) => {
      if (series.values.length !== scene.labels.length) problems.push(`${at}/series/${index}/values must have one value per label`);
      numbers.push(...series.values);
    });
  }
  if (scene.kind === 'table') {
    scene.rows.forEach((row, index) => {
      if (row.length > scene.columns.length) problems.push(`${at}/rows/${index} has more cells than columns`);
      numbers.push(...row.filter((cell): cell is number => typeof cell === 'number'));
    });
  }
  // JSON cannot carry them, but values built in code can; a chart scale of NaN draws nothing.
  if (numbers.some((value) => !Number.isFinite(value))) problems.push(`${at} has a number that is not finite`);
  return problems;
}

function schemaProblems(schema: Type.TSchema, value: unknown, prefix = ''): string[] {
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

function fillTexts(scene: Scene, values: Record<string, unknown>): Scene {
  const fill = (text: string) => fillPlaceholders(text, values);
  switch (scene.kind) {
    case 'title':
      return { ...scene, title: fill(scene.title), ...(scene.subtitle === undefined ? {} : { subtitle: fill(scene.subtitle) }) };
    case 'text':
      return { ...scene, text: fill(scene.text) };
    case 'ticker':
      return { ...scene, items: scene.items.map(fill) };
    case 'bar-chart':
    case 'line-chart':
    case 'table':
      return scene.title === undefined ? scene : { ...scene, title: fill(scene.title) };
    default:
      return scene;
  }
}

/** Applies data to a checked template; problems name the scene and the data key at fault. */
export function bindVideoTemplate(template: VideoTemplate, data: BoundData = {}): Check<BoundVideo> {
  const values = data.values ?? {};
  const problems: string[] = [];
  const scenes = template.scenes.map((original, index): Scene => {
    const at = `/scenes/${index}`;
    let scene = original;
    if ('bind' in scene && scene.bind !== undefined && scene.kind in BOUND_CONTENT) {
      const supplied = values[scene.bind];
      const schema = Type.Partial(BOUND_CONTENT[scene.kind as keyof typeof BOUND_CONTENT]);
      if (supplied === undefined) problems.push(`${at}: no data for "${scene.bind}"`);
      else if (!Value.Check(schema, supplied)) problems.push(...schemaProblems(schema, supplied, `${at} (data "${scene.bind}")`));
      else scene = { ...scene, ...(supplied as object) } as Scene;
    }
    if (scene.kind === 'logo' && 'blobId' in scene.image) {
      const dataUrl = data.images?.[scene.image.blobId];
      if (dataUrl === undefined || !new RegExp(DATA_URL_PATTERN).test(dataUrl)) {
        problems.push(`${at}/image: blob ${scene.image.blobId} is not a PNG or JPEG data URL`);
      } else scene = { ...scene, image: { dataUrl } };
    }
    scene = fillTexts(scene, values);
    problems.push(...sceneProblems(scene, at, template.durationSeconds));
    return scene;
  });
  if (problems.length > 0) return { ok: false, problems };
  const { size, fps, durationSeconds, brand } = template;
  return { ok: true, value: { size, fps, durationSeconds, brand, scenes } };
}
