import {
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Button, Flex, Layout, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr } from '../i18n/formatting';
import { LanguageSelect } from '../i18n/language-select';
import { useIdentity, useRole } from '../providers/hooks';
import { ROLE_LABEL_KEYS } from '../../common/resources/types';
import type { MenuState } from './menu-state';

interface AppHeaderProps {
  menuState: MenuState;
  collapsed: boolean;
  onToggle(): void;
  onOpenMenu(): void;
  onOpenSettings(): void;
}

export function AppHeader({ menuState, collapsed, onToggle, onOpenMenu, onOpenSettings }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const identity = useIdentity();
  const role = useRole();
  const { mutate: logout, isPending } = useLogout();

  return (
    <Layout.Header
      className="shell-header"
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
      }}
    >
      {menuState === 'hidden' ? (
        <Button type="text" icon={<MenuOutlined />} onClick={onOpenMenu} aria-label={t('shell.openMenu')} data-testid="menu-open" />
      ) : (
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
          aria-expanded={!collapsed}
          data-testid="menu-toggle"
        />
      )}
      <Flex align="center" gap={12} wrap={false} style={{ minWidth: 0 }}>
        <LanguageSelect />
        <Button
          type="text"
          icon={<SettingOutlined />}
          onClick={onOpenSettings}
          aria-label={t('settings.open')}
          data-testid="settings-open"
        />
        <Link to="/change-password" data-testid="change-password" aria-label={t('shell.changePassword')}>
          <Flex align="center" gap={4}>
            <KeyOutlined />
            <span className="shell-wide-only">{t('shell.changePassword')}</span>
          </Flex>
        </Link>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <UserOutlined aria-hidden />
          {identity?.name ? (
            <Typography.Text strong className="shell-wide-only">
              {identity.name}
            </Typography.Text>
          ) : null}
          <Typography.Text data-testid="current-user" type={identity?.name ? 'secondary' : undefined}>
            {identity?.username ? <Ltr>{identity.username}</Ltr> : ''}
          </Typography.Text>
          {role !== null ? (
            <Tag data-testid="current-role" className="shell-wide-only">
              {t(ROLE_LABEL_KEYS[role])}
            </Tag>
          ) : null}
        </Flex>
        <Button
          data-testid="logout"
          icon={<LogoutOutlined />}
          loading={isPending}
          onClick={() => logout()}
          aria-label={t('shell.logout')}
        >
          <span className="shell-wide-only">{t('shell.logout')}</span>
        </Button>
      </Flex>
    </Layout.Header>
  );
}
