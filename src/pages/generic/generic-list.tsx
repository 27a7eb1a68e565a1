import { CreateButton, EditButton, useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilters } from '@refinedev/core';
import { Button, Card, Flex, Form, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../resources/registry-context';
import { ResourceIcon } from '../../shell/icons';
import { displayFor, fieldsFor } from './field-input';
import type { GenericPageProps } from './resource-page';

interface SearchValues {
  q?: string;
}

/** A server-paginated, sortable, searchable table of a resource's `list` fields. */
export default function GenericList({ definition }: GenericPageProps) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const { tableProps, searchFormProps } = useTable<BaseRecord, never, SearchValues>({
    resource: definition.name,
    pagination: { pageSize: config.defaults.pageSize },
    syncWithLocation: false,
    onSearch: ({ q }): CrudFilters => [{ field: 'q', operator: 'contains', value: q?.trim() }],
  });
  const canEdit = definition.actions.includes('edit');

  return (
    <Flex vertical gap={16} data-testid="generic-list" data-resource={definition.name}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          <Space>
            <ResourceIcon name={definition.icon} />
            {t(definition.labelKey)}
          </Space>
        </Typography.Title>
        {definition.actions.includes('create') ? (
          <CreateButton resource={definition.name} data-testid="generic-create">
            {t('generic.create')}
          </CreateButton>
        ) : null}
      </Flex>
      <Card>
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item name="q">
            <Input.Search allowClear placeholder={t('generic.search')} data-testid="generic-search" onSearch={() => searchFormProps.form?.submit()} />
          </Form.Item>
          <Button htmlType="submit" style={{ display: 'none' }} />
        </Form>
        <Table<BaseRecord> {...tableProps} rowKey="id" scroll={{ x: true }}>
          {fieldsFor(definition.fields, 'list').map((field) => (
            <Table.Column<BaseRecord>
              key={field.name}
              dataIndex={field.name}
              title={t(field.labelKey)}
              sorter
              render={(value: unknown) => displayFor(field, value, t)}
            />
          ))}
          {canEdit ? (
            <Table.Column<BaseRecord>
              key="actions"
              title={t('generic.actions')}
              render={(_, record) => (
                <EditButton
                  resource={definition.name}
                  recordItemId={record.id}
                  size="small"
                  data-testid={`generic-edit-${String(record.id)}`}
                >
                  {t('generic.edit')}
                </EditButton>
              )}
            />
          ) : null}
        </Table>
      </Card>
    </Flex>
  );
}
