import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Form, Input, Space, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZones } from '../../../i18n/time-zones';
import { fieldErrorsOf } from '../../../providers';
import { FEED_SOURCES, type FeedAnswer, type FeedInput } from '../../../../common/domains/announcements/model';
import { FormSelect } from '../../form-select';
import { errorText } from '../../../components/error-text';
import { FEED_FIELDS, feedInputOf, NEW_FEED, useFeedsApi } from './feeds-api';

interface FeedFormProps {
  /** The feed to edit; a new one when null. */
  feed: FeedAnswer | null;
  /** Named for a reader (the page's title). */
  title: string;
  onCancel(): void;
  /** After a save, with the server's message code. */
  onSaved(code: 'feedCreated' | 'feedSaved'): void;
}

/**
 * Add or edit a feed; the server's field reasons (422) land on the fields, other refusals above
 * them. URLs and the cron expression stay left to right in a right-to-left page; the time zone is
 * picked from the browser's list.
 */
export function FeedForm({ feed, title, onCancel, onSaved }: FeedFormProps) {
  const { t } = useTranslation();
  const api = useFeedsApi();
  const [form] = Form.useForm<FeedInput>();
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<FeedAnswer>();
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);

  useEffect(() => {
    setFailure(null);
    form.resetFields();
    form.setFieldsValue(feed ? feedInputOf(feed) : NEW_FEED);
  }, [feed, form]);

  const save = (values: FeedInput) => {
    setFailure(null);
    const body = { ...values, name: values.name.trim(), url: values.url.trim(), attachmentBase: (values.attachmentBase ?? '').trim(), cron: values.cron.trim() };
    mutate(
      {
        url: feed ? api.feed(feed.id) : api.feeds,
        method: feed ? 'put' : 'post',
        values: feed ? { ...body, version: feed.version } : body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => onSaved(feed ? 'feedSaved' : 'feedCreated'),
        onError: (error) => {
          // "Schedule (cron) must be a cron expression…": the label, then the server's reason.
          const fields = fieldErrorsOf(error, FEED_FIELDS).map(({ name, errors }) => ({
            name,
            errors: errors.map((reason) => t('generic.fieldReason', { field: label(name), reason })),
          }));
          if (fields.length > 0) form.setFields(fields);
          setFailure(errorText(error, t));
        },
      },
    );
  };

  const required = (label: string) => [{ required: true, whitespace: true, message: t('generic.required', { field: label }) }];
  const label = (field: (typeof FEED_FIELDS)[number]) => t(`announcementFeeds.fields.${field}`);

  return (
    <Form<FeedInput> form={form} layout="vertical" onFinish={save} aria-label={title} data-testid="feed-form">
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={failure} data-testid="feed-form-error" /> : null}
      <Form.Item name="source" label={label('source')} htmlFor="feed-source" rules={[{ required: true, message: t('generic.required', { field: label('source') }) }]}>
        <FormSelect id="feed-source" options={FEED_SOURCES.map((source) => ({ value: source, label: source }))} />
      </Form.Item>
      <Form.Item name="name" label={label('name')} htmlFor="feed-name" rules={required(label('name'))}>
        <Input id="feed-name" maxLength={80} />
      </Form.Item>
      <Form.Item name="url" label={label('url')} htmlFor="feed-url" rules={required(label('url'))} extra={t('announcementFeeds.urlHint')}>
        <Input id="feed-url" dir="ltr" maxLength={2000} />
      </Form.Item>
      <Form.Item name="attachmentBase" label={label('attachmentBase')} htmlFor="feed-attachment-base" extra={t('announcementFeeds.attachmentBaseHint')}>
        <Input id="feed-attachment-base" dir="ltr" maxLength={2000} />
      </Form.Item>
      <Form.Item name="cron" label={label('cron')} htmlFor="feed-cron" rules={required(label('cron'))} extra={t('announcementFeeds.cronHint')}>
        <Input id="feed-cron" dir="ltr" maxLength={100} />
      </Form.Item>
      <Form.Item name="timezone" label={label('timezone')} htmlFor="feed-timezone" rules={[{ required: true, message: t('generic.required', { field: label('timezone') }) }]}>
        <FormSelect id="feed-timezone" showSearch options={zones} />
      </Form.Item>
      <Form.Item name="enabled" label={label('enabled')} htmlFor="feed-enabled" valuePropName="checked">
        <Switch id="feed-enabled" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="feed-form-save">
          {t('generic.save')}
        </Button>
        <Button onClick={onCancel}>{t('buttons.cancel')}</Button>
      </Space>
    </Form>
  );
}
