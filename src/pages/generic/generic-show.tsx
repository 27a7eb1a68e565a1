import { DeleteButton, EditButton, ListButton } from '@refinedev/antd';
import { useNavigation, useShow, type BaseRecord } from '@refinedev/core';
import { Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { singularLabel } from '../../i18n/resource-labels';
import { Cell } from './cells';
import { fieldsFor, titleField } from './field-input';
import { Panels } from './panels';
import { NamedRowActions } from './row-actions';
import { useRecordTitle } from './record-title';
import type { GenericPageProps } from './resource-page';
import { versionMeta } from './stale-edit';
import { DetailTransitions } from './transitions/detail-transitions';

/** One record's `show` fields, drawn by their columns' cells, then its panels; edit and delete for the roles that may. */
export default function GenericShow({ definition }: GenericPageProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { list } = useNavigation();
  // A missing record is said at once, not after three retries.
  const { query } = useShow<BaseRecord>({ resource: definition.name, ...(id ? { id } : {}), queryOptions: { retry: false, refetchOnMount: 'always' }, errorNotification: false });
  const record = query.data?.data;
  // The cached copy shows at once while this visit's own read is under way. Delete sends the
  // version of the copy shown, so it waits for that read: on a stale copy (changed elsewhere
  // since it was cached) it would be refused as a stale edit, and a quick click, a user's or a
  // test's on a busy machine, got that refusal instead of the delete.
  const current = query.isFetchedAfterMount && !query.isError;
  const fields = fieldsFor(definition.fields, 'show');
  const label = t(definition.labelKey);
  const name = record ? String(record[titleField(definition)] ?? id) : '';
  // "Company · Zenith Steel", in the header and the tab.
  const title = t('titles.show', { resource: singularLabel(t, definition), name: name || id });
  useRecordTitle(record ? title : undefined);

  return (
    <Flex vertical gap={16} data-testid="generic-show" data-resource={definition.name}>
      <PageHeader
        title={title}
        extra={
          <>
            <ListButton resource={definition.name}>{label}</ListButton>
            {/* The record's transitions, once this visit's read is in (they send its version). */}
            <DetailTransitions definition={definition} record={record} disabled={!current} />
            {record && current ? <NamedRowActions record={record} definition={definition} place="detail" onDone={() => void query.refetch()} /> : null}
            {definition.actions.includes('edit') && id ? (
              <EditButton resource={definition.name} recordItemId={id} data-testid="generic-show-edit">
                {t('generic.edit')}
              </EditButton>
            ) : null}
            {definition.actions.includes('delete') && id ? (
              <DeleteButton
                resource={definition.name}
                recordItemId={id}
                meta={record ? versionMeta(record) : undefined}
                disabled={!current}
                confirmTitle={t('generic.deleteConfirm', { name })}
                confirmOkText={t('buttons.delete')}
                confirmCancelText={t('buttons.cancel')}
                onSuccess={() => list(definition.name)}
                successNotification={{ type: 'success', message: t('generic.deleted', { name }) }}
                data-testid="generic-show-delete"
              >
                {t('buttons.delete')}
              </DeleteButton>
            ) : null}
          </>
        }
      />
      <Card>
        {query.isError ? (
          // The latest answer wins over a cached copy: a record deleted meanwhile is not shown as if it were there.
          <div data-testid="generic-show-error">
            <Typography.Text type="danger">{query.error?.message}</Typography.Text>
          </div>
        ) : record ? (
          <Descriptions column={1} bordered size="middle" data-testid="generic-show-fields">
            {fields.map((field) => (
              <Descriptions.Item key={field.name} label={t(field.labelKey)}>
                <span data-testid={`generic-show-${field.name}`}>
                  <Cell value={record[field.name]} field={field} record={record} definition={definition} />
                </span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Skeleton active />
        )}
      </Card>
      {record && !query.isError ? <Panels record={record} definition={definition} /> : null}
    </Flex>
  );
}
