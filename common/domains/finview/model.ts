// finview's shared vocabulary (docs/finview.md): what the server answers and the pages send.
// Plain types and constants: the server imports them, the client's bundle gets only what it uses.
// The answers the server has a schema of are typed from it (schemas.ts) and named here too, so
// every answer's type is imported from one place; type-only, the client's bundle gets no TypeBox.

import type { Brand, VideoTemplate } from './template';
import type { ReportTemplate } from './report-template';
import type { ParamsSchema, UserRef } from './schemas';

export type { CompanyChoice, MediaAnswer, OutputAnswer, ParamSchema, ParamsSchema, RuleAnswer, RuleBody, UserRef } from './schemas';

export type TemplateKind = 'video' | 'report';
export const TEMPLATE_KINDS: readonly TemplateKind[] = ['video', 'report'];
export type VersionStatus = 'draft' | 'published';

/** An output's status: its render job's (`jobs.status`), `running` shown as "rendering (n %)". */
export type OutputStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export const OUTPUT_STATUSES: readonly OutputStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
export const FINISHED_STATUSES: readonly OutputStatus[] = ['succeeded', 'failed', 'cancelled'];
export type Approval = 'none' | 'approved';
export type OutputOrigin = 'user' | 'rule' | 'schedule';

export type SourcePluginId = 'news-counts' | 'news-items' | 'company-records' | 'announcements' | 'price-series';
export type WidgetPluginId = 'title' | 'bar-chart' | 'line-chart' | 'ticker' | 'table' | 'logo' | 'text';
export type PluginId = SourcePluginId | WidgetPluginId;
export const SOURCE_PLUGINS: readonly SourcePluginId[] = ['news-counts', 'news-items', 'company-records', 'announcements', 'price-series'];
export const WIDGET_PLUGINS: readonly WidgetPluginId[] = ['title', 'bar-chart', 'line-chart', 'ticker', 'table', 'logo', 'text'];

export type RuleTrigger = 'schedule' | 'event' | 'manual';
export const RULE_TRIGGERS: readonly RuleTrigger[] = ['schedule', 'event', 'manual'];
export type RuleEvent = 'news.approved';
export const RULE_EVENTS: readonly RuleEvent[] = ['news.approved'];
/** Fields of a `news.approved` event a rule's params, title and dedupe key may use. */
export const NEWS_EVENT_FIELDS = ['newsItemId', 'tableName', 'companyId', 'companyName', 'headline', 'publishedAt'] as const;
export type NewsEventField = (typeof NEWS_EVENT_FIELDS)[number];

export type ParamValues = Record<string, string | number | boolean>;

/** A binding argument: a constant, a parameter's value, or (rules) an event's field. */
export type ArgValue = string | number | boolean | null | string[] | number[] | { param: string } | { event: NewsEventField };
/** Where a bound scene's (or report section's) data comes from. */
export interface Binding {
  plugin: SourcePluginId;
  args: Record<string, ArgValue>;
}
/** Scene `bind` name -> binding. */
export type Bindings = Record<string, Binding>;

/** What a source plugin answers; the server fits it to the bound scene's kind (docs/finview.md "Plugins"). */
export type PluginData =
  | { shape: 'series'; name: string; labels: string[]; values: number[] }
  | { shape: 'rows'; columns: string[]; rows: Array<Array<string | number>> }
  | { shape: 'items'; items: string[] };

export type TemplateBody = VideoTemplate | ReportTemplate;

export interface FinviewSettings {
  maxWidth: number;
  maxHeight: number;
  maxDurationSeconds: number;
  maxFps: number;
  defaultFps: number;
  renderConcurrency: number;
  renderTimeoutSeconds: number;
  retentionDays: number;
  brand: Brand;
  /** The logo as a PNG/JPEG data URL, or null. PUT sends it the same way (≤ 1 MB). */
  logo: string | null;
  watermark: string;
  version: number;
  updatedAt: string;
  updatedBy: UserRef | null;
}

/** `GET finview/brand`: what any editor needs (all roles). */
export interface BrandAnswer {
  brand: Brand;
  logo: string | null;
  watermark: string;
  caps: Pick<FinviewSettings, 'maxWidth' | 'maxHeight' | 'maxDurationSeconds' | 'maxFps' | 'defaultFps'>;
}

export interface TemplateSummary {
  id: number;
  name: string;
  kind: TemplateKind;
  description: string;
  latestVersion: number;
  publishedVersion: number | null;
  /** The version number of the draft, or null when every version is published. */
  draftVersion: number | null;
  archived: boolean;
  createdBy: UserRef | null;
  updatedBy: UserRef | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface VersionSummary {
  version: number;
  status: VersionStatus;
  createdBy: UserRef | null;
  createdAt: string;
  updatedAt: string;
  publishedBy: UserRef | null;
  publishedAt: string | null;
}

export interface TemplateDetail extends TemplateSummary {
  versions: VersionSummary[];
}

export interface TemplateVersion extends VersionSummary {
  templateId: number;
  kind: TemplateKind;
  body: TemplateBody;
  paramsSchema: ParamsSchema;
  bindings: Bindings;
}

export interface PluginAnswer {
  id: PluginId;
  kind: 'source' | 'widget';
  enabled: boolean;
  /** False while what it reads does not exist (announcements before that area is built). */
  available: boolean;
  config: Record<string, unknown>;
  /** JSON Schema of `config`. */
  configSchema: Record<string, unknown>;
  /** JSON Schema of a binding's `args` (sources). */
  argsSchema: Record<string, unknown>;
  /** Scene kinds its data fits (sources), e.g. ['bar-chart', 'line-chart', 'table', 'ticker']. */
  fits: string[];
  version: number;
  updatedAt: string;
  updatedBy: UserRef | null;
}

export interface PriceSeries {
  id: number;
  name: string;
  symbol: string;
  filename: string;
  pointCount: number;
  firstDay: string | null;
  lastDay: string | null;
  createdBy: UserRef | null;
  createdAt: string;
}

/** One server-sent event `output` on `finview/events`. */
export interface OutputEvent {
  outputId: number;
  jobId: string;
  status: OutputStatus;
  progress: number;
}
