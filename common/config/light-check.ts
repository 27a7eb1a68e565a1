import { duplicateProblems } from './duplicates';
import type { AppConfig } from './schema';
import type { ConfigCheck } from './validate';
import {
  DIRECTIONS,
  ENTRY_NAME_LENGTH,
  KEY_PATTERN,
  LANGUAGES,
  MAIL_DOMAIN_PATTERN,
  MENU_CLASS_PATTERN,
  MODULE_NAME_LENGTH,
  PAGE_SIZE,
  RADII,
  THEME_COLORS,
  THEME_MODES,
} from './values';

// The browser's check of the runtime configuration. The server validates the
// file with the full TypeBox schema (validate.ts) before it serves it; TypeBox
// would be the largest library on the login route, so the client walks the same
// rules by hand. tests/unit/common/config/light-check.test.ts holds the two to the
// same verdict on every rule.

type Rule = (value: unknown, path: string) => string[];

/** Rules of properties that may be left out (TypeBox's Optional). */
const OPTIONAL = new WeakSet<Rule>();

const object =
  (fields: Record<string, Rule>): Rule =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path || '/'} must be object`];
    const record = value as Record<string, unknown>;
    return [
      ...Object.keys(fields).flatMap((key) =>
        key in record || OPTIONAL.has(fields[key] as Rule) ? [] : [`${path || '/'} must have required property '${key}'`],
      ),
      ...Object.keys(record).flatMap((key) =>
        key in fields ? [] : [`${path || '/'} must not have additional property '${key}'`],
      ),
      ...Object.entries(fields).flatMap(([key, rule]) => (key in record ? rule(record[key], `${path}/${key}`) : [])),
    ];
  };

const array =
  (items: Rule): Rule =>
  (value, path) =>
    Array.isArray(value) ? value.flatMap((item, index) => items(item, `${path}/${index}`)) : [`${path} must be array`];

const string =
  ({ pattern, minLength = 0, maxLength = Infinity }: { pattern?: string; minLength?: number; maxLength?: number } = {}): Rule =>
  (value, path) => {
    if (typeof value !== 'string') return [`${path} must be string`];
    const length = [...value].length;
    if (length < minLength) return [`${path} must not have fewer than ${minLength} characters`];
    if (length > maxLength) return [`${path} must not have more than ${maxLength} characters`];
    if (pattern !== undefined && !new RegExp(pattern).test(value)) return [`${path} must match pattern ${pattern}`];
    return [];
  };

const boolean: Rule = (value, path) => (typeof value === 'boolean' ? [] : [`${path} must be boolean`]);

const integer =
  ({ minimum, maximum }: { minimum: number; maximum: number }): Rule =>
  (value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) return [`${path} must be integer`];
    if (value < minimum) return [`${path} must be >= ${minimum}`];
    if (value > maximum) return [`${path} must be <= ${maximum}`];
    return [];
  };

const oneOf =
  (values: readonly string[]): Rule =>
  (value, path) =>
    values.includes(value as string) ? [] : [`${path} must be one of ${values.join(', ')}`];

/** Every value by `rule`, every key by `key` (a TypeBox Record with a key pattern). */
const record =
  (key: Rule, rule: Rule): Rule =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} must be object`];
    return Object.entries(value as Record<string, unknown>).flatMap(([name, item]) => [
      ...key(name, `${path}/${name}`).map(() => `${path} must have property names matching ${KEY_PATTERN}`),
      ...rule(item, `${path}/${name}`),
    ]);
  };

function optional(rule: Rule): Rule {
  const checked: Rule = (value, path) => (value === undefined ? [] : rule(value, path));
  OPTIONAL.add(checked);
  return checked;
}

const menuEntry = object({ name: string(ENTRY_NAME_LENGTH), value: string({ pattern: KEY_PATTERN }), isActive: boolean });

const appConfig = object({
  product: string({ pattern: KEY_PATTERN }),
  apiBaseUrl: string({ minLength: 1 }),
  excelApiKey: string({ minLength: 16, maxLength: 200 }),
  dataProviders: optional(
    record(
      string({ pattern: KEY_PATTERN }),
      object({ apiBaseUrl: string({ minLength: 1 }), resources: optional(array(string({ pattern: KEY_PATTERN }))) }),
    ),
  ),
  dashboard: array(menuEntry),
  menu: array(menuEntry),
  modules: array(object({ name: string(MODULE_NAME_LENGTH), isEnabled: boolean })),
  defaults: object({
    language: oneOf(LANGUAGES),
    direction: oneOf(DIRECTIONS),
    theme: oneOf(THEME_COLORS),
    themeMode: oneOf(THEME_MODES),
    radius: oneOf(RADII),
    menuClass: string({ pattern: MENU_CLASS_PATTERN }),
    pageSize: integer(PAGE_SIZE),
    mailDomain: string({ pattern: MAIL_DOMAIN_PATTERN }),
  }),
});

/** Same verdict as checkAppConfig; problems name the JSON path so an admin can fix the file. */
export function lightCheckAppConfig(value: unknown): ConfigCheck {
  const problems = appConfig(value, '');
  if (problems.length > 0) return { ok: false, problems: [...new Set(problems)].slice(0, 20) };
  const config = value as AppConfig;
  const duplicates = duplicateProblems(config);
  return duplicates.length === 0 ? { ok: true, config } : { ok: false, problems: duplicates };
}
