import { Drawer, Layout, theme, Typography } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useLocale } from '../i18n/locale-provider';
import { PageLoading } from '../pages/page-loading';
import { useRole } from '../providers/hooks';
import { menuForRole } from '../../common/resources/generate';
import { useRuntime } from '../registry/registry-context';
import { AppHeader } from './app-header';
import { AppMenu } from './app-menu';
import { BELOW_MENU_WIDTH, BELOW_SUB_MENU_WIDTH, menuStateOf } from './menu-state';
import { usePreferences } from './preferences-provider';
import { SettingsPanel } from './settings-panel';
import './shell.css';
import { useMediaQuery } from './use-media-query';

/** The authenticated frame; loaded lazily so the login page never downloads it. */
export default function ShellLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { registry } = useRuntime();
  const { locale } = useLocale();
  const { preferences } = usePreferences();
  const { pathname } = useLocation();
  const role = useRole();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const menu = useMemo(() => menuForRole(registry, role), [registry, role]);
  const menuState = menuStateOf(preferences.menuMode, {
    belowSubMenuWidth: useMediaQuery(BELOW_SUB_MENU_WIDTH),
    belowMenuWidth: useMediaQuery(BELOW_MENU_WIDTH),
  });

  // Following a link in the drawer closes it.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const title = (short: boolean) => (
    <Typography.Text
      strong
      ellipsis
      style={{ display: 'block', fontSize: token.fontSizeHeading4, padding: '16px 24px', whiteSpace: 'nowrap', color: token.colorPrimary }}
    >
      {short ? t('app.title').slice(0, 1) : t('app.title')}
    </Typography.Text>
  );

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="shell" data-menu-state={menuState}>
      {menuState === 'hidden' ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={locale.direction === 'rtl' ? 'right' : 'left'}
          width={280}
          title={t('app.title')}
          rootClassName="shell-menu-drawer"
          data-testid="menu-drawer"
          closeIcon={<span aria-label={t('shell.closeMenu')}>×</span>}
        >
          <nav aria-label={t('shell.menu')}>
            <AppMenu menu={menu} className={preferences.menuMode} collapsed={false} mode="inline" />
          </nav>
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          width={248}
          theme="light"
          trigger={null}
          data-testid="sider"
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          {title(collapsed)}
          <nav aria-label={t('shell.menu')}>
            <AppMenu
              menu={menu}
              className={preferences.menuMode}
              collapsed={collapsed}
              mode={menuState === 'default' ? 'inline' : 'vertical'}
            />
          </nav>
        </Layout.Sider>
      )}
      <Layout>
        <AppHeader
          menuState={menuState}
          collapsed={collapsed}
          onToggle={() => setCollapsed((value) => !value)}
          onOpenMenu={() => setDrawerOpen(true)}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        <Layout.Content className="shell-content" style={{ margin: 24 }}>
          <main>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </Layout.Content>
      </Layout>
      <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
