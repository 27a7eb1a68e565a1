import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../providers';
import { catalogueMessage } from './error-catalogue';
import { NEWS_STATUSES, type NewsStatus } from '../../../common/domains/news/model';
import type { ChangeStatusInput } from '../../../common/domains/news/schemas';
import { useNewsApi, type NewsRef } from './news-api';

export const COMMENT_MAX_LENGTH = 500;

interface StatusValues {
  newsStatus: NewsStatus;
  comment?: string;
}

/** The server's body, its items the refs the page holds (their table checked by the server). */
type ChangeStatusBody = Omit<ChangeStatusInput, 'items'> & { items: NewsRef[] };

export function ChangeStatusModal({
  items,
  open,
  onClose,
  onDone,
}: {
  items: readonly NewsRef[];
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StatusValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const newsApi = useNewsApi();
  const { mutate, mutation } = useCustomMutation<{ result?: { updated?: number } }, never, ChangeStatusBody>();

  const submit = ({ newsStatus, comment }: StatusValues) => {
    setFailure(null);
    const trimmed = comment?.trim();
    mutate(
      {
        url: newsApi.changeStatus,
        method: 'post',
        values: {
          items: items.map(({ newsItemId, tableName }) => ({ newsItemId, tableName })),
          newsStatus,
          ...(trimmed ? { comment: trimmed } : {}),
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          const updated = data?.result?.updated ?? items.length;
          notify({ type: 'success', key: 'news-status', message: t('news.changeStatus.done', { count: updated }) });
          // The list and an open details drawer both show the status.
          void invalidate({ resource: 'news-feeds', invalidates: ['all'] });
          form.resetFields();
          onDone();
        },
        onError: (error) => {
          const message = catalogueMessage('newsUpdate', error, t);
          setFailure(message);
          if (message) notify({ type: 'error', key: 'news-status-error', message });
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('news.changeStatus.title', { count: items.length })}
      okText={t('news.changeStatus.submit')}
      cancelText={t('buttons.cancel')}
      onCancel={() => {
        setFailure(null);
        onClose();
      }}
      onOk={() => form.submit()}
      okButtonProps={{ loading: mutation.isPending, disabled: items.length === 0, id: 'news-status-submit' }}
      destroyOnHidden
      data-testid="news-status-modal"
    >
      <Form<StatusValues> form={form} layout="vertical" onFinish={submit} initialValues={{ newsStatus: 'APPROVED' }}>
        <Form.Item name="newsStatus" label={t('news.fields.newsStatus')} rules={[{ required: true }]}>
          <Radio.Group
            // The item's aria-required is only allowed on a radiogroup; antd passes the role through, its types do not.
            {...{ role: 'radiogroup' }}
            aria-label={t('news.fields.newsStatus')}
            data-testid="news-status-choice"
            options={NEWS_STATUSES.map((status) => ({ value: status, label: t(`news.status.${status}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="comment"
          label={t('news.changeStatus.comment')}
          htmlFor="news-status-comment"
          rules={[{ max: COMMENT_MAX_LENGTH, message: t('news.changeStatus.commentTooLong', { max: COMMENT_MAX_LENGTH }) }]}
        >
          <Input.TextArea id="news-status-comment" rows={3} maxLength={COMMENT_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon message={failure} data-testid="news-status-error" /> : null}
    </Modal>
  );
}
