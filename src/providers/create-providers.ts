import type { DataProvider } from '@refinedev/core';
import type { AppConfig } from '../../common/config/schema';
import type { I18n } from '../i18n/i18n';
import type { Registry } from '../../common/resources/generate';
import { createAccessControlProvider } from './access-control-provider';
import { createAuthProvider } from './auth-provider';
import { createDataProvider } from './data-provider';
import { createHttpClient, type HttpClient, type SealerLike, type Translate } from './http-client';
import { createI18nProvider } from './i18n-provider';
import { createSessionStore, type SessionStore } from './session-store';
import { clearViewState } from './view-state';

export interface ProvidersInput {
  config: AppConfig;
  registry: Registry;
  i18n: I18n;
  storage?: Storage;
  sealer?: SealerLike;
}

/** Refine's named data providers: `default` plus one per entry of config/app.json `dataProviders`. */
export type DataProviders = { default: DataProvider } & Record<string, DataProvider>;

/** Everything <Refine> needs, built once per app from the runtime config. */
export function createProviders({ config, registry, i18n, storage, sealer }: ProvidersInput) {
  const translate: Translate = (key, options) => i18n.t(key, options);
  const session: SessionStore = createSessionStore(storage);
  // One session for every provider: each is the same sealed protocol, and instances on one
  // database share sessions and cipher keys (README "Data providers").
  const clientOf = (baseURL: string): HttpClient => createHttpClient({ baseURL, session, translate, sealer });
  const providerOf = (http: HttpClient): DataProvider =>
    createDataProvider({ http, definitions: registry.definitions, translate, defaultPageSize: config.defaults.pageSize });

  const http = clientOf(config.apiBaseUrl);
  const dataProvider: DataProviders = { default: providerOf(http) };
  for (const [name, entry] of Object.entries(config.dataProviders ?? {})) dataProvider[name] = providerOf(clientOf(entry.apiBaseUrl));

  // What the lists kept for the user's return (searchText, newsList, …) goes with the session.
  session.subscribe(() => clearViewState(storage));

  return {
    session,
    http,
    authProvider: createAuthProvider({ http, session, translate }),
    dataProvider,
    accessControlProvider: createAccessControlProvider({ session, definitions: registry.definitions, translate }),
    i18nProvider: createI18nProvider(i18n),
  };
}

export type AppProviders = ReturnType<typeof createProviders>;
