import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../common/config/schema';
import { createI18n } from '../../../src/i18n/i18n';
import { createProviders } from '../../../src/providers/create-providers';
import { createMemoryStorage } from '../../../src/providers/session-store';
import { VIEW_STATE_KEYS } from '../../../src/providers/view-state';
import { buildRegistry, dataProviderNameOf } from '../../../common/resources/generate';
import { RESOURCES } from '../../../common/resources/registry';
import type { ResourceDefinition } from '../../../common/resources/types';
import { createFakeSealer } from './harness';

// Named data providers (README "Data providers"): config/app.json declares them, a
// resource is served by the one that lists it or the one its definition names.

const seed = (): AppConfig => JSON.parse(readFileSync('config/app.json', 'utf8')) as AppConfig;
const enterprises = RESOURCES.find((definition) => definition.name === 'enterprises') as ResourceDefinition;
const ARCHIVE = 'http://archive.test:9000/archive/api';

describe('dataProviderNameOf', () => {
  it('is the default without named providers', () => {
    expect(dataProviderNameOf(enterprises, seed())).toBe('default');
  });

  it('is the provider whose resources list the resource', () => {
    const config = { dataProviders: { archive: { apiBaseUrl: ARCHIVE, resources: ['enterprises'] } } };
    expect(dataProviderNameOf(enterprises, config)).toBe('archive');
    expect(dataProviderNameOf({ ...enterprises, name: 'users' }, config)).toBe('default');
  });

  it("takes the definition's provider only when the configuration declares it", () => {
    const named = { ...enterprises, dataProvider: 'archive' };
    expect(dataProviderNameOf(named, { dataProviders: { archive: { apiBaseUrl: ARCHIVE } } })).toBe('archive');
    expect(dataProviderNameOf(named, {})).toBe('default');
  });
});

describe('createProviders', () => {
  const config: AppConfig = { ...seed(), dataProviders: { archive: { apiBaseUrl: ARCHIVE, resources: ['enterprises'] } } };
  const registry = buildRegistry(config);
  const build = (storage = createMemoryStorage()) =>
    createProviders({ config, registry, i18n: createI18n('en'), storage, sealer: createFakeSealer().sealer });

  it('gives Refine one data provider per name, each on its own API base', () => {
    const { dataProvider } = build();
    expect(Object.keys(dataProvider).sort()).toEqual(['archive', 'default']);
    expect(dataProvider.default.getApiUrl()).toBe(config.apiBaseUrl);
    expect(dataProvider.archive?.getApiUrl()).toBe(ARCHIVE);
  });

  it("names the provider in the resource's meta, where Refine's hooks read it", () => {
    const resource = registry.resources.find((candidate) => candidate.name === 'enterprises');
    expect(resource?.meta.dataProviderName).toBe('archive');
    expect(registry.resources.find((candidate) => candidate.name === 'users')?.meta.dataProviderName).toBeUndefined();
  });

  it('clears what the lists kept when the session ends', () => {
    const storage = createMemoryStorage();
    const { session } = build(storage);
    for (const key of Object.values(VIEW_STATE_KEYS)) storage.setItem(key, '"kept"');
    storage.setItem('language', 'es');
    session.end();
    for (const key of Object.values(VIEW_STATE_KEYS)) expect(storage.getItem(key)).toBeNull();
    expect(storage.getItem('language')).toBe('es');
  });
});
