// finview's shared vocabulary (docs/finview.md): what the server answers and the pages send.
// Plain types and constants: the server imports them, the client's bundle gets only what it uses.

import type { Brand, VideoTemplate } from './template';
import type { ReportTemplate } from './report-template';

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

/** A JSON Schema (draft 2020-12 subset, checked with ajv) of a template's parameters. */
export interface ParamsSchema {
  type: 'object';
  properties: Record<string, ParamSchema>;
  required?: string[];
  additionalProperties?: boolean;
}
export interface ParamSchema {
  type: 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  enum?: Array<string | number>;
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: 'date';
  /** The value is a record of a plugin: the form offers a picker (`company-records`: a company id; `price-series`: a series id). */
  'x-source'?: 'company-records' | 'price-series';
}
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

export interface UserRef {
  id: number;
  username: string;
}

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

export interface OutputAnswer {
  id: number;
  kind: TemplateKind;
  title: string;
  templateId: number;
  templateName: string;
  templateVersion: number;
  params: ParamValues;
  status: OutputStatus;
  /** 0..100 of the current attempt. */
  progress: number;
  /** The last failure, in English from the renderer (shown as detail under a translated sentence). */
  error: string | null;
  attempts: number;
  jobId: string;
  origin: OutputOrigin;
  rule: { id: number; name: string } | null;
  createdBy: UserRef | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  durationSeconds: number | null;
  pages: number | null;
  bytes: number | null;
  hasPoster: boolean;
  approval: Approval;
  approvedBy: UserRef | null;
  approvedAt: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** When retention deletes it (unpublished only), else null. */
  expiresAt: string | null;
  version: number;
}

/** `POST finview/outputs/:id/media`: short-lived URLs a <video>, <img> or link can load (Range works). */
export interface MediaAnswer {
  video?: string;
  poster?: string;
  pdf?: string;
  /** Same file, as an attachment. */
  download?: string;
  expiresAt: string;
}

/** One server-sent event `output` on `finview/events`. */
export interface OutputEvent {
  outputId: number;
  jobId: string;
  status: OutputStatus;
  progress: number;
}

export interface RuleAnswer {
  id: number;
  name: string;
  enabled: boolean;
  trigger: RuleTrigger;
  cron: string | null;
  timezone: string;
  event: RuleEvent | null;
  /** news.approved: `companyIds` (the watch-list; empty = any company). */
  conditions: { companyIds?: number[] };
  templateId: number;
  templateName: string;
  params: Record<string, string | number | boolean | { event: NewsEventField }>;
  title: string;
  dedupeKey: string;
  lastFiredAt: string | null;
  /** schedule: the next time it fires, else null. */
  nextRunAt: string | null;
  outputCount: number;
  createdBy: UserRef | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}
