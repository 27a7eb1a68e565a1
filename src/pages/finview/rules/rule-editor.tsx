import { SaveOutlined } from '@ant-design/icons';
import { ListButton } from '@refinedev/antd';
import { useCreate, useNavigation, useNotification, useOne, useUpdate } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Input, Radio, Result, Skeleton, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RULE_TRIGGERS, type RuleAnswer } from '../../../../common/domains/finview/model';
import { timeZones } from '../../../i18n/time-zones';
import { FormSelect } from '../../form-select';
import { PageHeader } from '../../../components/page-header';
import { CompanySelect } from '../create/company-select';
import { ParamFields } from '../create/param-fields';
import { fieldsOf } from '../create/params-form';
import { TemplatePicker, usePublishedVersion } from '../create/template-picker';
import { defaultDedupeKey, defaultTimezone, formValuesOf, ruleBodyOf, ruleErrorsOf, type RuleFormValues } from './rule-form';
import { errorText } from '../../../components/error-text';

/** Create or edit a rule: its trigger, its template and the params it renders with. */
export default function RuleEditor({ id }: { id?: string }) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { list } = useNavigation();
  const [form] = Form.useForm<RuleFormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const { result: rule, query } = useOne<RuleAnswer>({ resource: 'rules', id: id ?? '', queryOptions: { enabled: Boolean(id), retry: false }, errorNotification: false });
  const trigger = Form.useWatch('trigger', form) ?? 'manual';
  const templateId = Form.useWatch('templateId', form);
  const fromEvent = Form.useWatch('fromEvent', form);
  const { template, version, versionQuery } = usePublishedVersion(templateId);
  const fields = useMemo(() => fieldsOf(version?.paramsSchema), [version]);
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  const { mutate: create, mutation: creating } = useCreate<RuleAnswer>();
  const { mutate: update, mutation: updating } = useUpdate<RuleAnswer>();

  // The saved rule fills the form once its template's fields are known (date params need them).
  const loaded = rule && (!template || versionQuery.data || versionQuery.isError);
  useEffect(() => {
    if (rule && loaded) form.setFieldsValue(formValuesOf(rule, fields));
  }, [rule, loaded, fields, form]);

  if (id && query.isError) {
    return <Result status="warning" title={errorText(query.error, t)} extra={<ListButton resource="rules">{t('resources.rules')}</ListButton>} />;
  }
  if (id && !rule) return <Skeleton active />;

  const save = (values: RuleFormValues) => {
    setFailure(null);
    const body = ruleBodyOf(values, fields);
    const handlers = {
      onSuccess: () => {
        open?.({ type: 'success' as const, key: 'finview-rule-save', message: t('server.finviewRuleSaved') });
        list('rules');
      },
      onError: (error: unknown) => {
        const errors = ruleErrorsOf((error as { errors?: Record<string, unknown> }).errors);
        if (errors.length > 0) form.setFields(errors as Parameters<typeof form.setFields>[0]);
        setFailure(errorText(error, t));
      },
    };
    if (id && rule) {
      update({ resource: 'rules', id, values: { ...body, version: rule.version }, meta: { method: 'put' }, successNotification: false, errorNotification: false }, handlers);
    } else {
      create({ resource: 'rules', values: body, successNotification: false, errorNotification: false }, handlers);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="finview-rule-editor">
      <PageHeader icon="ControlOutlined" title={id ? t('finviewRules.editTitle', { name: rule?.name ?? '' }) : t('finviewRules.createTitle')} />
      <Card style={{ maxWidth: 860 }}>
        <Form<RuleFormValues>
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={{ enabled: true, trigger: 'manual', timezone: defaultTimezone(), event: 'news.approved', companyIds: [], params: {}, fromEvent: {} }}
          data-testid="finview-rule-form"
        >
          <Form.Item name="name" label={t('finviewRules.name')} htmlFor="finview-rule-name" rules={[{ required: true, whitespace: true, message: t('finviewCreate.problems.required') }]}>
            <Input id="finview-rule-name" maxLength={120} data-testid="finview-rule-name" />
          </Form.Item>
          <Form.Item name="enabled" label={t('finviewRules.enabled')} htmlFor="finview-rule-enabled" valuePropName="checked">
            <Switch id="finview-rule-enabled" data-testid="finview-rule-enabled" />
          </Form.Item>
          <Form.Item name="trigger" label={t('finviewRules.trigger')}>
            <Radio.Group optionType="button" data-testid="finview-rule-trigger" options={RULE_TRIGGERS.map((value) => ({ value, label: t(`finviewRules.triggers.${value}`) }))} />
          </Form.Item>
          {trigger === 'schedule' ? (
            <Flex gap={16} wrap>
              <Form.Item name="cron" label={t('finviewRules.cron')} htmlFor="finview-rule-cron" extra={t('finviewRules.cronHint')} rules={[{ required: true, whitespace: true, message: t('finviewCreate.problems.required') }]} style={{ flex: '1 1 240px' }}>
                <Input id="finview-rule-cron" dir="ltr" placeholder="0 9 * * 1-5" data-testid="finview-rule-cron" />
              </Form.Item>
              <Form.Item name="timezone" label={t('finviewRules.timezone')} htmlFor="finview-rule-timezone" style={{ flex: '1 1 240px' }}>
                <FormSelect id="finview-rule-timezone" showSearch options={zones} data-testid="finview-rule-timezone" />
              </Form.Item>
            </Flex>
          ) : null}
          {trigger === 'event' ? (
            <>
              <Form.Item name="event" label={t('finviewRules.event')} htmlFor="finview-rule-event">
                <FormSelect id="finview-rule-event" options={[{ value: 'news.approved', label: t('finviewRules.events.news.approved') }]} data-testid="finview-rule-event" />
              </Form.Item>
              <Form.Item name="companyIds" label={t('finviewRules.watchList')} htmlFor="finview-rule-companies" extra={t('finviewRules.watchListHint')}>
                <CompanySelect id="finview-rule-companies" mode="multiple" placeholder={t('finviewRules.anyCompany')} data-testid="finview-rule-companies" />
              </Form.Item>
            </>
          ) : null}
          <Form.Item name="templateId" label={t('finviewCreate.template')} htmlFor="finview-template" rules={[{ required: true, message: t('finviewCreate.problems.required') }]}>
            <TemplatePicker id="finview-template" />
          </Form.Item>
          {template && versionQuery.isLoading ? <Skeleton active /> : null}
          <ParamFields fields={fields} offerEvent={trigger === 'event'} fromEvent={fromEvent} />
          <Form.Item name="title" label={t('finviewRules.titleField')} htmlFor="finview-rule-title" extra={t('finviewRules.titleHint', { headline: '{{event.headline}}', company: '{{event.companyName}}', interpolation: { escapeValue: false } })}>
            <Input id="finview-rule-title" maxLength={200} data-testid="finview-rule-title" />
          </Form.Item>
          <Form.Item name="dedupeKey" label={t('finviewRules.dedupeKey')} htmlFor="finview-rule-dedupe" extra={t('finviewRules.dedupeHint')}>
            <Input id="finview-rule-dedupe" dir="ltr" maxLength={200} placeholder={defaultDedupeKey(trigger)} data-testid="finview-rule-dedupe" />
          </Form.Item>
          {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="finview-rule-error" /> : null}
          <Flex gap={8}>
            <ListButton resource="rules">{t('buttons.cancel')}</ListButton>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={creating.isPending || updating.isPending} data-testid="finview-rule-save">
              {t('buttons.save')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
