import { DashboardOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuAreaSpec } from '../../common/resources/generate';
import { ResourceIcon } from './icons';

const DASHBOARD_KEY = 'dashboard';

interface AppMenuProps {
  menu: MenuAreaSpec[];
  /** The menu display mode (menu-default, menu-sub-hidden, menu-hidden), for styling hooks. */
  className: string;
  collapsed: boolean;
  /** inline: areas open in place; vertical: areas open as pop-ups beside the menu (sub-menu hidden). */
  mode: 'inline' | 'vertical';
}

/** Areas become sub-menus and resources their items; the menu comes from the registry, never from code here. */
export function AppMenu({ menu, className, collapsed, mode }: AppMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  // The longest matching path wins, so /x/y/z/create still highlights /x/y/z.
  const selected = useMemo(() => {
    const matches = menu
      .flatMap((area) => area.items.map((item) => ({ area: area.key, item })))
      .filter(({ item }) => pathname === item.path || pathname.startsWith(`${item.path}/`))
      .sort((a, b) => b.item.path.length - a.item.path.length);
    return matches[0];
  }, [menu, pathname]);

  const [openKeys, setOpenKeys] = useState<string[]>(() => (selected ? [areaKey(selected.area)] : []));

  const items: MenuProps['items'] = [
    {
      key: DASHBOARD_KEY,
      icon: <DashboardOutlined />,
      label: <Link to="/">{t('shell.dashboard')}</Link>,
      // Not a resource, so not a menu-item-* id: those list exactly the resources a role sees.
      'data-testid': 'menu-dashboard',
    },
    ...menu.map((area) => ({
      key: areaKey(area.key),
      icon: <ResourceIcon name={area.icon} />,
      label: t(area.labelKey),
      'data-testid': `menu-area-${area.key}`,
      children: area.items.map((item) => ({
        key: item.key,
        icon: <ResourceIcon name={item.icon} />,
        label: <Link to={item.path}>{t(item.labelKey)}</Link>,
        'data-testid': `menu-item-${item.key}`,
      })),
    })),
  ];

  // Inline and expanded, the reader's open areas are kept; pop-ups (collapsed
  // or sub-menu hidden) open on click and must not be pinned open.
  const controlled = mode === 'inline' && !collapsed;

  return (
    <Menu
      mode={mode}
      className={className}
      // The sider draws the dividing line; the menu's own would stop where the menu ends.
      style={{ borderInlineEnd: 'none' }}
      aria-label={t('shell.menu')}
      items={items}
      triggerSubMenuAction="click"
      selectedKeys={[selected?.item.key ?? (pathname === '/' ? DASHBOARD_KEY : '')]}
      {...(controlled ? { openKeys, onOpenChange: setOpenKeys } : {})}
    />
  );
}

function areaKey(key: string): string {
  return `area:${key}`;
}
