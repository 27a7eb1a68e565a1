import { CreateButton, EditButton, getDefaultSortOrder, useTable } from '@refinedev/antd';
import { useCustomMutation, useDelete, useNavigation, useNotification, type HttpError } from '@refinedev/core';
import { Button, Card, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRuntime } from '../../../registry/registry-context';
import type { OutputAnswer, RuleAnswer } from '../../../../common/domains/finview/model';
import { Ltr } from '../../../i18n/formatting';
import { PageHeader } from '../../../components/page-header';
import { RelativeDate } from '../../../components/relative-date';
import { useFinviewApi } from '../finview-api';
import { errorText } from '../../../components/error-text';

/** The rules: what fires them, what they render, when they last and next fire; Run now for manual ones. */
export default function RulesList() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const api = useFinviewApi();
  const { open } = useNotification();
  const { editUrl, listUrl } = useNavigation();
  const { tableProps, sorters, tableQuery } = useTable<RuleAnswer, HttpError>({
    resource: 'rules',
    pagination: { pageSize: config.defaults.pageSize, mode: 'server' },
    sorters: { mode: 'server' },
    syncWithLocation: true,
  });
  const { mutate: runRule, mutation: running } = useCustomMutation<OutputAnswer>();
  const { mutate: remove } = useDelete();

  const runNow = (rule: RuleAnswer) =>
    runRule(
      { url: api.ruleRun(rule.id), method: 'post', values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => {
          open?.({
            type: 'success',
            key: 'finview-rule-run',
            message: t('server.finviewRuleRun'),
            description: data?.id ? t('finviewRules.runOpened', { title: data.title }) : undefined,
          });
          void tableQuery.refetch();
        },
        onError: (error) => open?.({ type: 'error', key: 'finview-rule-run', message: errorText(error, t) }),
      },
    );

  const deleteRule = (rule: RuleAnswer) =>
    remove(
      { resource: 'rules', id: rule.id, successNotification: false, errorNotification: false },
      {
        onSuccess: () => open?.({ type: 'success', key: 'finview-rule-delete', message: t('server.finviewRuleDeleted') }),
        onError: (error) => open?.({ type: 'error', key: 'finview-rule-delete', message: errorText(error, t) }),
      },
    );

  return (
    <Flex vertical gap={16} data-testid="finview-rules-page">
      <PageHeader
        icon="ControlOutlined"
        title={t('resources.rules')}
        extra={<CreateButton resource="rules" data-testid="finview-rule-create">{t('finviewRules.create')}</CreateButton>}
      />
      <Card>
        <Table<RuleAnswer>
          {...tableProps}
          rowKey="id"
          scroll={{ x: 'max-content' }}
          pagination={{ ...tableProps.pagination, showTotal: (total) => t('generic.total', { count: total }) }}
          locale={{ emptyText: <span data-testid="finview-rules-empty">{t('finviewRules.empty')}</span> }}
          data-testid="finview-rules-table"
        >
          <Table.Column<RuleAnswer>
            key="name"
            dataIndex="name"
            title={t('finviewRules.name')}
            sorter
            sortOrder={getDefaultSortOrder('name', sorters) ?? null}
            render={(name: string, rule) => (
              <Link to={editUrl('rules', rule.id)} data-testid={`finview-rule-${rule.id}`}>
                {name}
              </Link>
            )}
          />
          <Table.Column<RuleAnswer>
            key="trigger"
            title={t('finviewRules.trigger')}
            render={(_, rule) => (
              <Space direction="vertical" size={0}>
                <Tag>{t(`finviewRules.triggers.${rule.trigger}`)}</Tag>
                {rule.trigger === 'schedule' && rule.cron ? (
                  <Typography.Text type="secondary">
                    <Ltr>{`${rule.cron} · ${rule.timezone}`}</Ltr>
                  </Typography.Text>
                ) : null}
                {rule.trigger === 'event' ? (
                  <Typography.Text type="secondary">
                    {t('finviewRules.watching', { count: rule.conditions.companyIds?.length ?? 0 })}
                  </Typography.Text>
                ) : null}
              </Space>
            )}
          />
          <Table.Column<RuleAnswer> key="template" dataIndex="templateName" title={t('finviewRules.template')} />
          <Table.Column<RuleAnswer>
            key="enabled"
            dataIndex="enabled"
            title={t('finviewRules.enabled')}
            render={(enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('finviewRules.on') : t('finviewRules.off')}</Tag>}
          />
          <Table.Column<RuleAnswer> key="lastFiredAt" dataIndex="lastFiredAt" title={t('finviewRules.lastFired')} render={(value: string | null) => (value ? <RelativeDate value={value} /> : '—')} />
          <Table.Column<RuleAnswer> key="nextRunAt" dataIndex="nextRunAt" title={t('finviewRules.nextRun')} render={(value: string | null) => (value ? <RelativeDate value={value} /> : '—')} />
          <Table.Column<RuleAnswer>
            key="outputCount"
            dataIndex="outputCount"
            title={t('finviewRules.outputs')}
            render={(count: number, rule) => (count > 0 ? <Link to={`${listUrl('videos')}?filters[0][field]=ruleId&filters[0][operator]=eq&filters[0][value]=${rule.id}`}>{count}</Link> : count)}
          />
          <Table.Column<RuleAnswer>
            key="actions"
            title={t('finviewRules.actions')}
            render={(_, rule) => (
              <Space wrap>
                {rule.trigger === 'manual' ? (
                  <Button size="small" icon={<PlayCircleOutlined />} loading={running.isPending} disabled={!rule.enabled} onClick={() => runNow(rule)} data-testid={`finview-rule-run-${rule.id}`}>
                    {t('finviewRules.runNow')}
                  </Button>
                ) : null}
                <EditButton size="small" resource="rules" recordItemId={rule.id} />
                <Popconfirm
                  title={t('finviewRules.deleteConfirm', { name: rule.name })}
                  okText={t('buttons.delete')}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => deleteRule(rule)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('finviewRules.deleteOf', { name: rule.name })} data-testid={`finview-rule-delete-${rule.id}`}>
                    {t('buttons.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            )}
          />
        </Table>
      </Card>
    </Flex>
  );
}
