import { useGo, useOne, useUpdate } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../i18n/formatting';
import { fieldErrorsOf, notify } from '../../providers';
import { isStaleEdit } from '../generic/stale-edit';
import { PageHeader } from '../../components/page-header';
import { KYC_SUBJECT_FIELDS, type KycSubject } from './kyc-api';
import { SubjectFields, subjectInput, type SubjectValues } from './subject-fields';

/** The review list, filtered to one subject (its PAN is unique; without one, its name). */
export function subjectDocumentsQuery(subject: Pick<KycSubject, 'pan' | 'name'>) {
  return { filters: [{ field: 'q', operator: 'contains', value: subject.pan || subject.name }] };
}

/**
 * A subject's details, edited (PUT with the version read: a stale edit is said with a
 * reload, never overwritten). The Aadhaar number is only sent when a new one is typed.
 */
export default function KycSubjectEdit({ id }: { id: string }) {
  const { t } = useTranslation();
  const go = useGo();
  const [form] = Form.useForm<SubjectValues>();
  const [stale, setStale] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { query, result: subject } = useOne<KycSubject>({ resource: 'kyc-upload', id, queryOptions: { retry: false, refetchOnMount: 'always' }, errorNotification: false });
  const { mutate, mutation } = useUpdate<KycSubject>();

  useEffect(() => {
    if (!subject) return;
    const { name, dob, gender, addressLine, city, state, pinCode, pan } = subject;
    form.setFieldsValue({ name, dob: dob ? dayjs(dob) : null, gender, addressLine, city, state, pinCode, pan: pan ?? '', aadhaar: '' });
  }, [subject, form]);

  if (query.isError) return <Result status="warning" title={(query.error as { message?: string }).message ?? t('errors.generic')} />;
  if (!subject) return <Skeleton active />;

  const save = (values: SubjectValues) => {
    setStale(null);
    setFailure(null);
    const { aadhaar, pan, ...details } = subjectInput(values);
    const body = { ...details, pan: pan || null, ...(aadhaar ? { aadhaar } : {}), version: subject.version };
    mutate(
      { resource: 'kyc-upload', id, values: body, meta: { method: 'put' }, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => {
          notify({ type: 'success', key: 'kyc-subject', message: t('server.kycSubjectSaved'), description: data.name });
          go({ to: { resource: 'kyc-documents', action: 'list' }, query: subjectDocumentsQuery(data), type: 'push' });
        },
        onError: (error) => {
          if (isStaleEdit(error)) {
            setStale(error.message);
            return;
          }
          const fields = fieldErrorsOf(error, KYC_SUBJECT_FIELDS);
          form.setFields(fields.map(({ name, errors }) => ({ name, errors: errors.map((reason) => t('generic.fieldReason', { field: t(`kyc.fields.${name}`), reason })) })));
          setFailure(error.message);
        },
      },
    );
  };

  return (
    <Flex vertical gap={16} data-testid="kyc-subject-edit">
      <PageHeader icon="CloudUploadOutlined" title={t('kyc.edit.title', { name: subject.name })} />
      <Card style={{ maxWidth: 760 }} extra={<Ltr>{subject.aadhaar ?? ''}</Ltr>}>
        <Form<SubjectValues> form={form} layout="vertical" onFinish={save} scrollToFirstError>
          <SubjectFields form={form} editing storedAadhaar={subject.aadhaar} />
          {stale ? (
            <Alert
              type="warning"
              showIcon
              data-testid="kyc-subject-stale"
              message={stale}
              description={t('generic.staleHint')}
              action={
                <Button size="small" onClick={() => void query.refetch().then(() => setStale(null))}>
                  {t('generic.reload')}
                </Button>
              }
              style={{ marginBottom: 16 }}
            />
          ) : null}
          {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
          <Flex justify="end" gap={8}>
            <Button onClick={() => go({ to: { resource: 'kyc-documents', action: 'list' }, query: subjectDocumentsQuery(subject), type: 'push' })}>{t('buttons.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="kyc-subject-save">
              {t('buttons.save')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
