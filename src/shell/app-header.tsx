import { KeyOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Button, Flex, Layout, Space, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../i18n/language-select';
import { useIdentity, useRole } from '../providers/hooks';
import { ROLE_LABEL_KEYS } from '../resources/types';

interface AppHeaderProps {
  collapsed: boolean;
  onToggle(): void;
}

export function AppHeader({ collapsed, onToggle }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const identity = useIdentity();
  const role = useRole();
  const { mutate: logout, isPending } = useLogout();

  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
      }}
    >
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
      />
      <Flex align="center" gap={16} wrap>
        <LanguageSelect />
        <Link to="/change-password" data-testid="change-password">
          <Space size={4}>
            <KeyOutlined />
            {t('shell.changePassword')}
          </Space>
        </Link>
        <Space size={8}>
          <UserOutlined />
          {identity?.name ? <Typography.Text strong>{identity.name}</Typography.Text> : null}
          <Typography.Text data-testid="current-user" type={identity?.name ? 'secondary' : undefined}>
            {identity?.username ?? ''}
          </Typography.Text>
          {role !== null ? <Tag data-testid="current-role">{t(ROLE_LABEL_KEYS[role])}</Tag> : null}
        </Space>
        <Button data-testid="logout" icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()}>
          {t('shell.logout')}
        </Button>
      </Flex>
    </Layout.Header>
  );
}
