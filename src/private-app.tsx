import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import enApp from './i18n/en-app.json';
import { addEnglishApp } from './i18n/i18n';
import type { AppProviders } from './providers/create-providers';
import { createNotificationProvider } from './providers/notification-provider';
import { SessionWatcher } from './providers/session-watcher';
import type { Registry } from '../common/resources/generate';
import { RouteTree } from './registry/route-tree';
import { PageTitle } from './shell/page-title';

/**
 * Everything behind the login, loaded once a session exists: Refine with the
 * providers, the shell and the generated routes. antd's <App> gives pages its
 * themed message and modal hooks.
 */
export default function PrivateApp({ registry, providers }: { registry: Registry; providers: AppProviders }) {
  // `t` is a new function after every language change, so memos keyed on it follow the language.
  const { t, i18n } = useTranslation();
  // The English of the pages behind the login comes with this chunk; added once, before any of them renders.
  useState(() => addEnglishApp(i18n, enApp));

  // Refine shows resource labels in its own texts (notifications, titles), so they follow the language.
  const notificationProvider = useMemo(() => createNotificationProvider(() => providers.session.isActive()), [providers.session]);

  const resources = useMemo(
    () =>
      registry.resources.map((resource) => ({
        ...resource,
        // singularLabel: the tab names one record with it ("Company · Zenith Steel"); `_one` of the label key (src/i18n/resource-labels.ts).
        meta: { ...resource.meta, label: t(resource.meta.label), singularLabel: t(resource.meta.label, { count: 1 }) },
      })),
    [registry, t],
  );

  return (
    <AntdApp>
      <Refine
        routerProvider={routerProvider}
        dataProvider={providers.dataProvider}
        authProvider={providers.authProvider}
        accessControlProvider={providers.accessControlProvider}
        i18nProvider={providers.i18nProvider}
        notificationProvider={notificationProvider}
        resources={resources}
        options={{ disableTelemetry: true, syncWithLocation: true }}
      >
        <RouteTree routes={registry.routes} areaPages={registry.areaPages} />
        <SessionWatcher session={providers.session} />
        <PageTitle areaPages={registry.areaPages} />
      </Refine>
    </AntdApp>
  );
}
