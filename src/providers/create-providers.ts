import type { AppConfig } from '../config/schema';
import type { I18n } from '../i18n/i18n';
import type { Registry } from '../resources/generate';
import { createAccessControlProvider } from './access-control-provider';
import { createAuthProvider } from './auth-provider';
import { createDataProvider } from './data-provider';
import { createHttpClient, type HttpClient, type SealerLike, type Translate } from './http-client';
import { createI18nProvider } from './i18n-provider';
import { createSessionStore, type SessionStore } from './session-store';

export interface ProvidersInput {
  config: AppConfig;
  registry: Registry;
  i18n: I18n;
  storage?: Storage;
  sealer?: SealerLike;
}

/** Everything <Refine> needs, built once per app from the runtime config. */
export function createProviders({ config, registry, i18n, storage, sealer }: ProvidersInput) {
  const translate: Translate = (key, options) => i18n.t(key, options);
  const session: SessionStore = createSessionStore(storage);
  const http: HttpClient = createHttpClient({ baseURL: config.apiBaseUrl, session, translate, sealer });
  return {
    session,
    http,
    authProvider: createAuthProvider({ http, session, translate }),
    dataProvider: createDataProvider({
      http,
      definitions: registry.definitions,
      translate,
      defaultPageSize: config.defaults.pageSize,
    }),
    accessControlProvider: createAccessControlProvider({ session, definitions: registry.definitions, translate }),
    i18nProvider: createI18nProvider(i18n),
  };
}

export type AppProviders = ReturnType<typeof createProviders>;
