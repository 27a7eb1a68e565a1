import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lightCheckAppConfig } from '../../../../common/config/light-check';
import { checkAppConfig } from '../../../../common/config/validate';

// The browser checks the runtime config by hand (no TypeBox on the login
// route); the server checks it with the schema. Both must reach the same
// verdict on every rule, or the browser would start an app the server refuses.

type Json = Record<string, unknown>;
const seed = (): Json => JSON.parse(readFileSync('config/app.json', 'utf8')) as Json;

/** A copy of the seed with `path` set to `value` (undefined deletes it). */
function mutate(path: string, value: unknown): Json {
  const config = seed();
  const keys = path.split('/').filter(Boolean);
  const last = keys.pop() as string;
  let node: Record<string, unknown> = config;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return config;
}

const CASES: [string, unknown][] = [
  ['/product', 'Backoffice'],
  ['/product', 7],
  ['/product', undefined],
  ['/apiBaseUrl', ''],
  ['/apiBaseUrl', undefined],
  ['/extra', true],
  ['/menu', {}],
  ['/menu/0', { value: 'kyc-management' }],
  ['/menu/0', { name: 'KYC', value: 'kyc-management', isActive: 'yes' }],
  ['/menu/0', { name: 'KYC', value: 'KYC', isActive: true }],
  ['/menu/0', { name: '', value: 'kyc-management', isActive: true }],
  ['/menu/0', { name: 'KYC', value: 'kyc-management', isActive: true, colour: 'red' }],
  ['/menu/1', { name: 'KYC', value: 'kyc-management', isActive: true }],
  ['/dashboard/0/value', 'x'.repeat(41)],
  ['/dashboard/1', { name: 'KYC', value: 'kyc-management', isActive: true }],
  ['/modules/0', { name: '', isEnabled: true }],
  ['/modules/0', { name: 'x'.repeat(41), isEnabled: true }],
  ['/modules/1', { name: 'Reports', isEnabled: true }],
  ['/modules/0/isEnabled', 1],
  ['/dataProviders', []],
  ['/dataProviders', { Archive: { apiBaseUrl: '/archive/api' } }],
  ['/dataProviders', { archive: { apiBaseUrl: '' } }],
  ['/dataProviders', { archive: { apiBaseUrl: '/archive/api', extra: 1 } }],
  ['/dataProviders', { archive: { apiBaseUrl: '/archive/api', resources: 'enterprises' } }],
  ['/dataProviders', { archive: { apiBaseUrl: '/archive/api', resources: ['Enterprises'] } }],
  ['/dataProviders', { default: { apiBaseUrl: '/archive/api' } }],
  ['/dataProviders', { a: { apiBaseUrl: '/a/api', resources: ['users'] }, b: { apiBaseUrl: '/b/api', resources: ['users'] } }],
  ['/defaults', 'en'],
  ['/defaults/language', 'fr'],
  ['/defaults/direction', 'up'],
  ['/defaults/theme', 'plaid'],
  ['/defaults/themeMode', 'dim'],
  ['/defaults/radius', 'round'],
  ['/defaults/menuClass', 'default'],
  ['/defaults/menuClass', 'menu-sub-hidden'],
  ['/defaults/pageSize', 4],
  ['/defaults/pageSize', 201],
  ['/defaults/pageSize', 20.5],
  ['/defaults/pageSize', '20'],
  ['/defaults/mailDomain', 'nodot'],
  ['/defaults/extra', 1],
  ['/defaults/radius', undefined],
];

describe('lightCheckAppConfig', () => {
  it('accepts the seed configuration', () => {
    expect(lightCheckAppConfig(seed())).toMatchObject({ ok: true });
  });

  it.each(CASES)('agrees with the schema when %s is %j', (path, value) => {
    const config = mutate(path, value);
    const full = checkAppConfig(config);
    const light = lightCheckAppConfig(config);
    expect(light.ok).toBe(full.ok);
    // The problem names where to look: the field, or the object that lacks it, or the list with a twice-listed key.
    const where = value === undefined ? path.slice(path.lastIndexOf('/') + 1) : /^\/(menu|dashboard|modules)\/1$/.test(path) ? path.slice(0, -2) : path.endsWith('/extra') ? 'extra' : path;
    if (!light.ok) expect(light.problems.join('\n')).toContain(where);
  });

  it('accepts named data providers and refuses "default" or a resource given to two of them', () => {
    const good = mutate('/dataProviders', { archive: { apiBaseUrl: 'http://127.0.0.1:9/archive/api', resources: ['enterprises'] } });
    expect(lightCheckAppConfig(good).ok).toBe(true);
    expect(checkAppConfig(good).ok).toBe(true);
    const clash = mutate('/dataProviders', { a: { apiBaseUrl: '/a/api', resources: ['users'] }, b: { apiBaseUrl: '/b/api', resources: ['users'] } });
    const named = mutate('/dataProviders', { default: { apiBaseUrl: '/archive/api' } });
    for (const config of [clash, named]) {
      expect(lightCheckAppConfig(config).ok).toBe(false);
      expect(checkAppConfig(config).ok).toBe(false);
    }
  });

  it.each([null, [], 'config', 42])('refuses %j as a whole', (value) => {
    expect(lightCheckAppConfig(value).ok).toBe(false);
    expect(checkAppConfig(value).ok).toBe(false);
  });
});
