import { Layout, theme, Typography } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoading } from '../pages/page-loading';
import { useRole } from '../providers/hooks';
import { menuForRole } from '../resources/generate';
import { useRuntime } from '../resources/registry-context';
import { AppHeader } from './app-header';
import { AppMenu } from './app-menu';

/** The authenticated frame; loaded lazily so the login page never downloads it. */
export default function ShellLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { config, registry } = useRuntime();
  const role = useRole();
  const [collapsed, setCollapsed] = useState(false);
  const menu = useMemo(() => menuForRole(registry, role), [registry, role]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        width={248}
        theme="light"
        trigger={null}
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Typography.Title
          level={4}
          ellipsis
          style={{ margin: 0, padding: '16px 24px', whiteSpace: 'nowrap', color: token.colorPrimary }}
        >
          {collapsed ? t('app.title').slice(0, 1) : t('app.title')}
        </Typography.Title>
        <AppMenu menu={menu} className={config.defaults.menuClass} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <AppHeader collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
        <Layout.Content style={{ margin: 24 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
