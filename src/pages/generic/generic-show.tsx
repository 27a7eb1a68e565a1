import { DeleteButton, EditButton, ListButton } from '@refinedev/antd';
import { useNavigation, useShow, type BaseRecord } from '@refinedev/core';
import { Card, Descriptions, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { displayFor, fieldsFor } from './field-input';
import type { GenericPageProps } from './resource-page';

/** One record's `show` fields, with edit and delete for the roles that may. */
export default function GenericShow({ definition }: GenericPageProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { list } = useNavigation();
  const { query } = useShow<BaseRecord>({ resource: definition.name, ...(id ? { id } : {}) });
  const record = query.data?.data;
  const fields = fieldsFor(definition.fields, 'show');
  const label = t(definition.labelKey);
  const name = record ? String(record[fieldsFor(definition.fields, 'list')[0]?.name ?? 'id'] ?? id) : '';

  return (
    <Flex vertical gap={16} data-testid="generic-show" data-resource={definition.name}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('generic.showTitle', { resource: label })}
        </Typography.Title>
        <Space wrap>
          <ListButton resource={definition.name}>{label}</ListButton>
          {definition.actions.includes('edit') && id ? (
            <EditButton resource={definition.name} recordItemId={id} data-testid="generic-show-edit">
              {t('generic.edit')}
            </EditButton>
          ) : null}
          {definition.actions.includes('delete') && id ? (
            <DeleteButton
              resource={definition.name}
              recordItemId={id}
              confirmTitle={t('generic.deleteConfirm', { name })}
              confirmOkText={t('buttons.delete')}
              confirmCancelText={t('buttons.cancel')}
              onSuccess={() => list(definition.name)}
              data-testid="generic-show-delete"
            >
              {t('buttons.delete')}
            </DeleteButton>
          ) : null}
        </Space>
      </Flex>
      <Card>
        {record ? (
          <Descriptions column={1} bordered size="middle" data-testid="generic-show-fields">
            {fields.map((field) => (
              <Descriptions.Item key={field.name} label={t(field.labelKey)}>
                <span data-testid={`generic-show-${field.name}`}>{displayFor(field, record[field.name], t)}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : query.isError ? (
          <Typography.Text type="danger" data-testid="generic-show-error">
            {query.error?.message}
          </Typography.Text>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </Flex>
  );
}
