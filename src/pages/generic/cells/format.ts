// Numbers and dates in the reader's language (and the browser's time zone), through Intl:
// "20,000" / "20.000", "27 Nov 2026" / "27 nov 2026". Formatters are cached per language.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as T;
}

/** A number for reading; '' for what is not one. */
export function formatNumber(value: unknown, language: string, options: Intl.NumberFormatOptions = {}): string {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return '';
  return cached(`n:${language}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options)).format(number);
}

/** An amount with two decimals, in `currency` when the record says one (ISO 4217). */
export function formatMoney(value: unknown, language: string, currency?: string): string {
  const options: Intl.NumberFormatOptions =
    currency && /^[A-Z]{3}$/.test(currency) ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return formatNumber(value, language, options);
}

function dateOf(value: unknown): Date | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return undefined;
  const date = new Date(value);
  return Number.isFinite(date.getTime()) ? date : undefined;
}

/** A calendar date (`YYYY-MM-DD`): the day as stored, in no time zone, so no reader sees the day before. */
export function formatDate(value: unknown, language: string): string {
  const date = dateOf(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (!date) return '';
  const zone = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : undefined;
  return cached(`d:${language}:${zone ?? ''}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', ...(zone ? { timeZone: zone } : {}) })).format(date);
}

/** A moment, in the reader's language and the browser's time zone. */
export function formatDateTime(value: unknown, language: string): string {
  const date = dateOf(value);
  if (!date) return '';
  return cached(`t:${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}
