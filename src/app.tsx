import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import type { AppConfig } from './config/schema';
import type { I18n } from './i18n/i18n';
import { LocaleProvider } from './i18n/locale-provider';
import type { Locale } from './i18n/locales';
import { createProviders, type AppProviders } from './providers/create-providers';
import type { SealerLike } from './providers/http-client';
import { NOTIFICATION_PLACEMENT, useNotificationProvider } from './providers/notification-provider';
import { SessionWatcher } from './providers/session-watcher';
import { themeOf } from './providers/theme';
import { buildRegistry, type Registry } from './resources/generate';
import { RuntimeProvider } from './resources/registry-context';
import { RouteTree } from './resources/route-tree';

export interface AppProps {
  config: AppConfig;
  i18n: I18n;
  locale: Locale;
  /** Tests pass an in-memory storage and a fake sealer; the browser uses sessionStorage and the protocol's sealer. */
  storage?: Storage;
  sealer?: SealerLike;
}

export function App({ config, i18n, locale, storage, sealer }: AppProps) {
  const registry = useMemo(() => buildRegistry(config), [config]);
  const providers = useMemo(
    () => createProviders({ config, registry, i18n, storage, sealer }),
    [config, registry, i18n, storage, sealer],
  );

  return (
    <LocaleProvider i18n={i18n} initial={locale}>
      <ConfigProvider theme={themeOf(config.defaults)}>
        <AntdApp notification={{ placement: NOTIFICATION_PLACEMENT }}>
          <HashRouter>
            <RuntimeProvider config={config} registry={registry}>
              <RefineRoot registry={registry} providers={providers} />
            </RuntimeProvider>
          </HashRouter>
        </AntdApp>
      </ConfigProvider>
    </LocaleProvider>
  );
}

function RefineRoot({ registry, providers }: { registry: Registry; providers: AppProviders }) {
  // `t` is a new function after every language change, so effects and memos keyed on it follow the language.
  const { t } = useTranslation();

  // Refine shows resource labels in its own texts (notifications, titles), so they follow the language.
  const resources = useMemo(
    () => registry.resources.map((resource) => ({ ...resource, meta: { ...resource.meta, label: t(resource.meta.label) } })),
    [registry, t],
  );

  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={providers.dataProvider}
      authProvider={providers.authProvider}
      accessControlProvider={providers.accessControlProvider}
      i18nProvider={providers.i18nProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{ disableTelemetry: true, syncWithLocation: true }}
    >
      <RouteTree routes={registry.routes} />
      <SessionWatcher session={providers.session} />
    </Refine>
  );
}
