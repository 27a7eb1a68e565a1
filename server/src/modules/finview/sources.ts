import type { AppConfig } from '../../../../common/config/schema.js';
import { enabledResources } from '../../../../common/resources/generate.js';
import type { Queryable } from '../../db/index.js';
import type { PluginData, PluginId, SourcePluginId } from '../../../../common/domains/finview/model.js';
import type { FieldReasonCode } from '../../../../common/messages.js';

// The built-in data sources (docs/finview.md "Plugins"): each reads the real tables now, its
// args checked against an argsSchema built from its config (the caps an Admin sets).

/** A source refused its args after the schema passed (a company or series that does not exist). */
export class SourceArgError extends Error {
  constructor(
    readonly arg: string,
    readonly reason: FieldReasonCode,
  ) {
    super(`${arg}: ${reason}`);
  }
}

export type Args = Record<string, unknown>;
type Config = Record<string, unknown>;

export interface SourcePlugin {
  id: SourcePluginId;
  /** A resource of another area it reads: available only while the app config has that area on. */
  needs?: string;
  configSchema: Record<string, unknown>;
  argsSchema(config: Config): Record<string, unknown>;
  /** Scene and section kinds its data fits. */
  fits: string[];
  read(q: Queryable, args: Args, config: Config): Promise<PluginData>;
  /** Args a preview uses when a required one is missing: real data the editor can look at. */
  sampleArgs(q: Queryable): Promise<Args>;
}

const num = (config: Config, key: string, fallback: number) => (typeof config[key] === 'number' ? (config[key] as number) : fallback);
const capSchema = (key: string, max: number, fallback: number) => ({
  type: 'object',
  properties: { [key]: { type: 'integer', minimum: 1, maximum: max, default: fallback } },
  required: [key],
  additionalProperties: false,
});
/** Ids beyond this cannot be a bigint key (and are not exact as JSON numbers). */
const MAX_ID = Number.MAX_SAFE_INTEGER;
const STATUS = { type: 'string', enum: ['APPROVED', 'PENDING', 'REJECTED', 'ANY'], default: 'APPROVED' };
const SERIES_FITS = ['bar-chart', 'line-chart', 'table', 'ticker'];
const ROWS_FITS = ['table', 'ticker'];

const DAY_MS = 86_400_000;
const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

/** ISO week label (`2026-W47`) of a UTC day. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

async function companyName(q: Queryable, companyId: number): Promise<string> {
  const { rows } = await q.query<{ name: string }>('SELECT comp_name AS name FROM companies WHERE company_id = $1', [companyId]);
  if (!rows[0]) throw new SourceArgError('companyId', 'companyMissing');
  return rows[0].name;
}

async function firstCompany(q: Queryable): Promise<Args> {
  // The company with the most news reads best in a preview; any company when there is no news.
  const { rows } = await q.query<{ id: number }>(
    `SELECT c.company_id::int AS id FROM companies c LEFT JOIN news n ON n.company_id = c.company_id
     GROUP BY c.company_id ORDER BY count(n.news_item_id) DESC, c.company_id LIMIT 1`,
  );
  return rows[0] ? { companyId: rows[0].id } : {};
}

const newsCounts: SourcePlugin = {
  id: 'news-counts',
  configSchema: capSchema('maxDays', 3650, 365),
  argsSchema: (config) => ({
    type: 'object',
    properties: {
      companyId: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-source': 'company-records' },
      status: STATUS,
      days: { type: 'integer', minimum: 1, maximum: num(config, 'maxDays', 365), default: 7 },
      bucket: { type: 'string', enum: ['day', 'week'], default: 'day' },
    },
    required: ['companyId'],
    additionalProperties: false,
  }),
  fits: SERIES_FITS,
  async read(q, args) {
    const companyId = args.companyId as number;
    const days = args.days as number;
    const name = await companyName(q, companyId);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const first = today - (days - 1) * DAY_MS;
    const { rows } = await q.query<{ day: string; n: string | number }>(
      `SELECT to_char((published_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*) AS n FROM news
       WHERE company_id = $1 AND ($2 = 'ANY' OR news_status = $2) AND published_at >= $3 AND published_at < $4
       GROUP BY 1`,
      [companyId, args.status, new Date(first).toISOString(), new Date(today + DAY_MS).toISOString()],
    );
    const counts = new Map(rows.map((row) => [row.day, Number(row.n)]));
    const labels: string[] = [];
    const values: number[] = [];
    for (let time = first; time <= today; time += DAY_MS) {
      const day = dayText(time);
      const label = args.bucket === 'week' ? isoWeek(day) : day;
      if (labels[labels.length - 1] !== label) {
        labels.push(label);
        values.push(0);
      }
      values[values.length - 1] = (values[values.length - 1] ?? 0) + (counts.get(day) ?? 0);
    }
    return { shape: 'series', name, labels, values };
  },
  sampleArgs: firstCompany,
};

/** Args of a list of the newest items (news, announcements): a company or all, `extra`, up to `maxItems`. */
const newestItemsArgs =
  (extra: Record<string, unknown>) =>
  (config: Config): Record<string, unknown> => ({
    type: 'object',
    properties: {
      companyId: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-source': 'company-records' },
      ...extra,
      limit: { type: 'integer', minimum: 1, maximum: num(config, 'maxItems', 50), default: 10 },
    },
    additionalProperties: false,
  });

/** The `companyId` arg when given (an unknown company refused), else null. */
async function optionalCompany(q: Queryable, args: Args): Promise<number | null> {
  const companyId = typeof args.companyId === 'number' ? args.companyId : null;
  if (companyId !== null) await companyName(q, companyId);
  return companyId;
}

const newsItems: SourcePlugin = {
  id: 'news-items',
  configSchema: capSchema('maxItems', 500, 50),
  argsSchema: newestItemsArgs({ status: STATUS }),
  fits: ROWS_FITS,
  async read(q, args) {
    const companyId = await optionalCompany(q, args);
    const { rows } = await q.query<{ day: string; headline: string }>(
      `SELECT to_char((published_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, headline FROM news
       WHERE ($1::bigint IS NULL OR company_id = $1) AND ($2 = 'ANY' OR news_status = $2)
       ORDER BY published_at DESC, news_item_id DESC LIMIT $3`,
      [companyId, args.status, args.limit],
    );
    return { shape: 'rows', columns: ['Date', 'Headline'], rows: rows.map((row) => [row.day, row.headline]) };
  },
  sampleArgs: async () => ({}),
};

const companyRecords: SourcePlugin = {
  id: 'company-records',
  configSchema: capSchema('maxRows', 1000, 100),
  argsSchema: (config) => ({
    type: 'object',
    properties: {
      companyIds: { type: 'array', items: { type: 'integer', minimum: 1, maximum: MAX_ID }, maxItems: 500 },
      sector: { type: 'string', maxLength: 120 },
      limit: { type: 'integer', minimum: 1, maximum: num(config, 'maxRows', 100), default: 20 },
    },
    additionalProperties: false,
  }),
  fits: ROWS_FITS,
  async read(q, args) {
    const ids = Array.isArray(args.companyIds) && args.companyIds.length > 0 ? (args.companyIds as number[]) : null;
    const sector = typeof args.sector === 'string' && args.sector.trim() ? args.sector.trim() : null;
    const { rows } = await q.query<{ name: string; isin: string; ticker: string; exchange: string; sector: string }>(
      `SELECT comp_name AS name, isin, ticker, exchange, sector FROM companies
       WHERE ($1::bigint[] IS NULL OR company_id = ANY($1::bigint[])) AND ($2::text IS NULL OR lower(sector) = lower($2))
         AND ($1::bigint[] IS NOT NULL OR is_active)
       ORDER BY comp_name, company_id LIMIT $3`,
      [ids, sector, args.limit],
    );
    return {
      shape: 'rows',
      columns: ['Company', 'ISIN', 'Ticker', 'Exchange', 'Sector'],
      rows: rows.map((row) => [row.name, row.isin, row.ticker, row.exchange, row.sector]),
    };
  },
  sampleArgs: async () => ({}),
};

const announcements: SourcePlugin = {
  id: 'announcements',
  // Migration 017's table is always there; what it holds is reviewed only where the area is on.
  needs: 'announcements',
  configSchema: capSchema('maxItems', 500, 50),
  argsSchema: newestItemsArgs({ critical: { type: 'boolean' } }),
  fits: ROWS_FITS,
  async read(q, args) {
    const companyId = await optionalCompany(q, args);
    // Published only: the queue's rows are not the firm's word yet, retracted ones no longer are.
    const { rows } = await q.query<{ time: string; company: string; subject: string }>(
      `SELECT to_char(a.disseminated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS time, coalesce(c.comp_name, a.company_name) AS company, a.subject
       FROM announcements a LEFT JOIN companies c ON c.company_id = a.company_id
       WHERE a.status = 'published' AND ($1::bigint IS NULL OR a.company_id = $1) AND (NOT $2::boolean OR a.critical)
       ORDER BY a.disseminated_at DESC, a.id DESC LIMIT $3`,
      [companyId, args.critical === true, args.limit],
    );
    return { shape: 'rows', columns: ['Time', 'Company', 'Subject'], rows: rows.map((row) => [row.time, row.company, row.subject]) };
  },
  sampleArgs: async () => ({}),
};

const priceSeries: SourcePlugin = {
  id: 'price-series',
  configSchema: capSchema('maxPoints', 100_000, 2000),
  argsSchema: (config) => ({
    type: 'object',
    properties: {
      seriesId: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-source': 'price-series' },
      days: { type: 'integer', minimum: 1, maximum: num(config, 'maxPoints', 2000) },
    },
    required: ['seriesId'],
    additionalProperties: false,
  }),
  fits: SERIES_FITS,
  async read(q, args, config) {
    const { rows: found } = await q.query<{ name: string }>('SELECT name FROM finview_price_series WHERE id = $1', [args.seriesId]);
    if (!found[0]) throw new SourceArgError('seriesId', 'seriesMissing');
    const limit = Math.min(typeof args.days === 'number' ? args.days : Number.MAX_SAFE_INTEGER, num(config, 'maxPoints', 2000));
    const { rows } = await q.query<{ day: string; value: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, value FROM finview_price_points WHERE series_id = $1 ORDER BY day DESC LIMIT $2`,
      [args.seriesId, limit],
    );
    rows.reverse();
    return { shape: 'series', name: found[0].name, labels: rows.map((row) => row.day), values: rows.map((row) => Number(row.value)) };
  },
  async sampleArgs(q) {
    const { rows } = await q.query<{ id: number }>('SELECT id::int AS id FROM finview_price_series ORDER BY created_at DESC, id DESC LIMIT 1');
    return rows[0] ? { seriesId: rows[0].id } : {};
  },
};

export const SOURCES: Record<SourcePluginId, SourcePlugin> = {
  'news-counts': newsCounts,
  'news-items': newsItems,
  'company-records': companyRecords,
  announcements,
  'price-series': priceSeries,
};

export function sourceOf(id: string): SourcePlugin | undefined {
  return Object.hasOwn(SOURCES, id) ? SOURCES[id as SourcePluginId] : undefined;
}

export interface PluginRow {
  id: PluginId;
  kind: 'source' | 'widget';
  enabled: boolean;
  config: Record<string, unknown>;
  version: number;
  updatedAt: string;
  updatedById: number | null;
  updatedByName: string | null;
  /** Its source's area is on (always true for widgets, and when read without a config). */
  available: boolean;
}

/**
 * The stored plugins; `config` (the app's, null when availability does not matter) says which
 * sources are available.
 */
export async function readPlugins(q: Queryable, config: AppConfig | null): Promise<Map<string, PluginRow>> {
  const enabled = config ? new Set(enabledResources(config).map((definition) => definition.name)) : null;
  const { rows } = await q.query<Omit<PluginRow, 'available'>>(
    `SELECT p.id, p.kind, p.enabled, p.config, p.version, p.updated_at AS "updatedAt", p.updated_by::int AS "updatedById", u.username AS "updatedByName"
     FROM finview_plugins p LEFT JOIN users u ON u.id = p.updated_by`,
  );
  return new Map(
    rows.map((row) => {
      const needs = sourceOf(row.id)?.needs;
      return [row.id, { ...row, available: !needs || !enabled || enabled.has(needs) }];
    }),
  );
}
