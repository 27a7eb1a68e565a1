import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';

// The one paging and sorting helper every list uses: pages from 1, `sort=field:asc|desc,...`
// over a whitelist of columns, text search that treats % and _ as plain characters, and
// the answer's exact total in x-total-count.

export interface PageRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: string | undefined;
}

export interface Page<T> {
  rows: T[];
  total: number;
  /** The total is a lower bound: counting stopped there (x-total-capped: true). */
  capped?: boolean;
}

export const DEFAULT_PAGE_SIZE = 20;
export const TOTAL_COUNT = 'x-total-count';
/** Sent as `true` when x-total-count is where counting stopped, not the whole total. */
export const TOTAL_CAPPED = 'x-total-capped';

/** A list's answer (API.md): the page's rows as a JSON array, the exact total in x-total-count. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT, String(page.total));
  if (page.capped) reply.header(TOTAL_CAPPED, 'true');
  // The sealing plugin names rc-key; a browser on another origin must read the count too.
  reply.header('access-control-expose-headers', `rc-key, ${TOTAL_COUNT}, ${TOTAL_CAPPED}`);
  return page.rows;
}

/**
 * The total of the rows `from` selects (`FROM … [WHERE …] [ORDER BY …]`), counted no further
 * than `bound`: it reads at most bound + 1 rows or index entries, and past the bound answers
 * the bound with `capped`, which sendPage turns into x-total-capped.
 */
export async function cappedCount(q: Queryable, from: string, params: unknown[], bound: number): Promise<{ total: number; capped: boolean }> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${Math.trunc(bound) + 1}) AS counted`, params);
  const counted = rows[0]?.n ?? 0;
  return counted > bound ? { total: bound, capped: true } : { total: counted, capped: false };
}

export function limitOffset({ page = 1, pageSize = DEFAULT_PAGE_SIZE }: PageRequest): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/**
 * An ORDER BY clause from the request, built only from `columns` (API field → SQL),
 * so no text from the request reaches the SQL. The tie-breaker keeps pages stable; given as
 * a function it follows the first term's direction, so one index serves the order both ways.
 */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, string>,
  fallback: string,
  tieBreaker: string | ((direction: 'ASC' | 'DESC') => string),
): string {
  const tie = (first: string) => (typeof tieBreaker === 'string' ? tieBreaker : tieBreaker(first.endsWith(' ASC') ? 'ASC' : 'DESC'));
  if (!sort) return `${fallback}, ${tie(fallback)}`;
  const parts = sort.split(',').map((part) => {
    const [field = '', direction = ''] = part.split(':');
    const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
    if (!column || (direction !== 'asc' && direction !== 'desc')) {
      throw new HttpError(422, 'validation', { sort: { code: 'sort', params: { fields: Object.keys(columns).join(', ') } } });
    }
    return `${column} ${direction.toUpperCase()}`;
  });
  return `${parts.join(', ')}, ${tie(parts[0] ?? '')}`;
}

/** `%text%` for ILIKE, with the wildcards of the text itself escaped. */
export function containsPattern(text: string | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  return `%${trimmed.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function isoOf(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** The SQLSTATE of a database error (PostgreSQL and PGlite both set `code`). */
export function sqlState(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** A unique index refused the write (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
