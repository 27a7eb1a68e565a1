import { CreateButton, EditButton, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Card, Flex, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../i18n/formatting';
import { useIdentity, useRole } from '../../providers';
import { useRuntime } from '../../registry/registry-context';
import { ROLE_LABEL_KEYS, ROLES, type Role } from '../../../common/resources/types';
import { canManageUser } from '../../../common/domains/admin/user-rules';
import { USER_STATUSES, type UserStatus } from '../../../common/domains/admin/model';
import { PageHeader } from '../../components/page-header';
import { StatusTag } from '../../components/status-tag';
import { FilterSelect } from '../form-select';
import { useEnterpriseOptions, useUserCommand, type AdminUser } from './admin-api';

interface Filters {
  q?: string;
  role?: Role;
  status?: UserStatus;
  enterpriseId?: string;
}

const STATUS_COLOURS: Record<UserStatus, string> = { pending: 'gold', active: 'green', disabled: 'default' };

export default function UsersList() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const role = useRole();
  const me = useIdentity();
  const enterprises = useEnterpriseOptions();
  const command = useUserCommand();
  const { tableProps, searchFormProps, tableQuery } = useTable<AdminUser, never, Filters>({
    resource: 'users',
    pagination: { pageSize: config.defaults.pageSize },
    syncWithLocation: false,
    onSearch: ({ q, role: wanted, status, enterpriseId }): CrudFilters => [
      { field: 'q', operator: 'contains', value: q?.trim() },
      { field: 'role', operator: 'eq', value: wanted },
      { field: 'status', operator: 'eq', value: status },
      { field: 'enterpriseId', operator: 'eq', value: enterpriseId },
    ],
  });
  const refresh = () => void tableQuery.refetch();
  const submit = () => searchFormProps.form?.submit();

  return (
    <Flex vertical gap={16} data-testid="users-page">
      <PageHeader
        title={t('resources.users')}
        extra={
          <CreateButton resource="users" data-testid="users-add">
            {t('admin.users.add')}
          </CreateButton>
        }
      />
      <Card>
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="q">
            <Input.Search allowClear placeholder={t('admin.users.search')} aria-label={t('admin.users.search')} data-testid="users-search" onSearch={submit} />
          </Form.Item>
          <Form.Item name="role">
            <FilterSelect label={t('admin.users.fields.role')} width={160} onChange={submit} options={ROLES.map((value) => ({ value, label: t(ROLE_LABEL_KEYS[value]) }))} />
          </Form.Item>
          <Form.Item name="status">
            <FilterSelect
              label={t('admin.users.fields.status')}
              width={160}
              testId="users-status-filter"
              onChange={submit}
              options={USER_STATUSES.map((value) => ({ value, label: t(`admin.users.status.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="enterpriseId">
            <FilterSelect label={t('admin.users.fields.enterprise')} width={200} onChange={submit} options={enterprises.map((option) => ({ value: option.id, label: option.name }))} />
          </Form.Item>
        </Form>
        <Table<AdminUser> {...tableProps} rowKey="id" scroll={{ x: true }}>
          <Table.Column<AdminUser> dataIndex="username" title={t('admin.users.fields.username')} sorter />
          <Table.Column<AdminUser> dataIndex="name" title={t('admin.users.fields.name')} sorter />
          <Table.Column<AdminUser> dataIndex="email" title={t('admin.users.fields.email')} sorter render={(value: string) => <Ltr>{value}</Ltr>} />
          <Table.Column<AdminUser> dataIndex="role" title={t('admin.users.fields.role')} sorter render={(value: Role) => t(ROLE_LABEL_KEYS[value])} />
          <Table.Column<AdminUser>
            dataIndex="status"
            title={t('admin.users.fields.status')}
            sorter
            render={(value: UserStatus, user) => (
              <StatusTag status={value} colours={STATUS_COLOURS} testId={`user-status-${user.username}`}>
                {t(`admin.users.status.${value}`)}
              </StatusTag>
            )}
          />
          <Table.Column<AdminUser> dataIndex="enterpriseName" title={t('admin.users.fields.enterprise')} sorter render={(value: string | null) => value ?? '—'} />
          <Table.Column<AdminUser>
            key="actions"
            title={t('generic.actions')}
            render={(_, user) =>
              role !== null && canManageUser(role, user) ? (
                <Space wrap size="small">
                  <EditButton resource="users" recordItemId={user.id} size="small" data-testid={`user-edit-${user.username}`}>
                    {t('generic.edit')}
                  </EditButton>
                  {user.status === 'pending' ? (
                    <Button size="small" type="primary" data-testid={`user-approve-${user.username}`} loading={command.pending} onClick={() => command.run('approve', user, refresh)}>
                      {t('admin.users.approve')}
                    </Button>
                  ) : null}
                  {user.status === 'disabled' ? (
                    <Button size="small" data-testid={`user-enable-${user.username}`} onClick={() => command.run('enable', user, refresh)}>
                      {t('admin.users.enable')}
                    </Button>
                  ) : (
                    <Popconfirm
                      // Disabling oneself ends one's own session at once: say so plainly.
                      title={me?.id === user.id ? t('admin.users.disableSelfConfirm') : t('admin.users.disableConfirm', { username: user.username })}
                      onConfirm={() => command.run('disable', user, refresh)}
                      okButtonProps={{ danger: true }}
                    >
                      <Button size="small" danger data-testid={`user-disable-${user.username}`}>
                        {t('admin.users.disable')}
                      </Button>
                    </Popconfirm>
                  )}
                  {user.status === 'active' ? (
                    <Button size="small" data-testid={`user-reset-${user.username}`} onClick={() => command.run('reset-password', user)}>
                      {t('admin.users.resetPassword')}
                    </Button>
                  ) : null}
                </Space>
              ) : null
            }
          />
        </Table>
      </Card>
    </Flex>
  );
}
