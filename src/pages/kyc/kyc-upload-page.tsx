import { useCustomMutation, useGo } from '@refinedev/core';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fieldErrorsOf, notify } from '../../providers';
import { KYC_DOCUMENT_TYPES, KYC_REQUIRED_GROUPS, type KycDocumentType } from '../../../common/domains/kyc/model';
import type { RouteSpec } from '../../../common/resources/generate';
import NotFoundPage from '../errors/not-found-page';
import { DocumentDrop, type PickedFile } from './document-drop';
import { PageHeader } from '../../components/page-header';
import { KYC_SUBJECT_FIELDS, useKycApi, type KycSubject } from './kyc-api';
import KycSubjectEdit, { subjectDocumentsQuery } from './kyc-subject-edit';
import { SubjectFields, subjectInput, type SubjectValues } from './subject-fields';
import { requiredRule } from './subject-rules';
import { useDocumentUpload } from './use-document-upload';

interface UploadValues extends SubjectValues {
  shareCode?: string;
}

type Picked = Partial<Record<KycDocumentType, PickedFile>>;
type DocErrors = Partial<Record<KycDocumentType, string>>;

/** The document groups as the form shows them: each required group, then the optional types. */
const GROUPS: ReadonlyArray<{ types: readonly KycDocumentType[]; required: boolean }> = [
  ...KYC_REQUIRED_GROUPS.map((types) => ({ types, required: true })),
  { types: KYC_DOCUMENT_TYPES.filter((type) => !KYC_REQUIRED_GROUPS.some((group) => group.includes(type))), required: false },
];
/** Sent with the subject; a digital Aadhaar is uploaded right after it, with its share code (docs/kyc.md). */
const WITH_SUBJECT = KYC_DOCUMENT_TYPES.filter((type) => type !== 'digital_aadhaar');
const groupKey = (types: readonly KycDocumentType[]) => types[0] ?? 'other';

/** The kyc-upload resource's page: the upload (list, create), or one subject's details (edit). */
export default function KycUploadPage({ route }: { route: RouteSpec }) {
  const { id } = useParams();
  if (route.action === 'edit') return id ? <KycSubjectEdit key={id} id={id} /> : <NotFoundPage />;
  return <KycUpload />;
}

/** KYC upload: a subject and its documents, checked here with the shared rules and sent as one multipart POST. */
function KycUpload() {
  const { t, i18n } = useTranslation();
  const api = useKycApi();
  const go = useGo();
  const [form] = Form.useForm<UploadValues>();
  const [picked, setPicked] = useState<Picked>({});
  const [docErrors, setDocErrors] = useState<DocErrors>({});
  const [groupErrors, setGroupErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<KycSubject, never, FormData>();
  const { upload, uploading } = useDocumentUpload();

  const label = (field: string) => t(`kyc.fields.${field}`);
  const pick = (type: KycDocumentType, file: PickedFile | null) => {
    setPicked((current) => {
      const next = { ...current };
      if (file) next[type] = file;
      else delete next[type];
      return next;
    });
    if (file) setGroupErrors((current) => ({ ...current, [groupKey(groupOf(type))]: undefined }));
  };
  const refuse = (type: KycDocumentType, message: string | undefined) => setDocErrors((current) => ({ ...current, [type]: message }));

  const missingGroups = useMemo(() => KYC_REQUIRED_GROUPS.filter((group) => !group.some((type) => picked[type])), [picked]);

  /** The subject is in; a digital Aadhaar follows on its own (it needs its share code), then the review list, filtered to this subject. */
  const saved = async (subject: KycSubject, shareCode: string | undefined) => {
    notify({ type: 'success', key: 'kyc-upload', message: t('server.kycSubjectSaved'), description: subject.name });
    if (picked.digital_aadhaar) {
      try {
        await upload(subject.id, 'digital_aadhaar', picked.digital_aadhaar.file, shareCode);
      } catch (error) {
        notify({
          type: 'error',
          key: 'kyc-upload-ekyc',
          message: t('kyc.upload.ekycFailed'),
          description: (error as { message?: string }).message ?? t('errors.generic'),
        });
      }
    }
    go({
      to: { resource: 'kyc-documents', action: 'list' },
      query: subjectDocumentsQuery(subject),
      type: 'push',
    });
  };

  const submit = (values: UploadValues) => {
    setFailure(null);
    if (missingGroups.length > 0) {
      setGroupErrors(Object.fromEntries(missingGroups.map((group) => [groupKey(group), t('kyc.upload.groupRequired', { documents: groupLabel(group) })])));
      setFailure(t('kyc.upload.documentsMissing'));
      return;
    }
    const body = new FormData();
    // The subject first: the server reads the parts in order and checks it before any file.
    body.append('subject', JSON.stringify(subjectInput(values)));
    for (const type of WITH_SUBJECT) {
      const file = picked[type];
      if (file) body.append(type, file.file, file.file.name);
    }
    mutate(
      { url: api.subjects, method: 'post', values: body, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => void saved(data, values.shareCode),
        onError: (error) => {
          const fields = fieldErrorsOf(error, KYC_SUBJECT_FIELDS, Object.fromEntries(KYC_SUBJECT_FIELDS.map((field) => [`subject.${field}`, field])));
          form.setFields(fields.map(({ name, errors }) => ({ name, errors: errors.map((reason) => t('generic.fieldReason', { field: label(name), reason })) })));
          const files = fieldErrorsOf(error, KYC_DOCUMENT_TYPES);
          if (files.length > 0) setDocErrors((current) => ({ ...current, ...Object.fromEntries(files.map(({ name, errors }) => [name, errors.join(' ')])) }));
          const shareCode = fieldErrorsOf(error, ['shareCode']);
          if (shareCode.length > 0) form.setFields(shareCode.map(({ name, errors }) => ({ name, errors })));
          setFailure((error as { message?: string }).message ?? t('errors.generic'));
        },
      },
    );
  };

  // "PAN card or e-PAN" / "Tarjeta PAN o e-PAN": the reader's language joins the choices.
  const groupLabel = (group: readonly KycDocumentType[]) =>
    new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(group.map((type) => t(`kyc.types.${type}`)));

  return (
    <Flex vertical gap={16} data-testid="kyc-upload-page">
      <PageHeader icon="CloudUploadOutlined" title={t('resources.kyc-upload')} />
      <Form<UploadValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        onFinishFailed={() => setFailure(t('kyc.upload.fixFields'))}
        // What was said about the last try goes once the reader changes something.
        onValuesChange={() => setFailure(null)}
        requiredMark
        scrollToFirstError
        data-testid="kyc-upload-form"
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={11}>
            <Card title={t('kyc.upload.subject')}>
              <SubjectFields form={form} />
            </Card>
          </Col>
          <Col xs={24} xl={13}>
            <Card title={t('kyc.upload.documents')}>
              <Flex vertical gap={16}>
                {GROUPS.map(({ types, required }) => {
                  const key = groupKey(types);
                  const groupError = groupErrors[key];
                  return (
                    <fieldset key={key} data-testid={`kyc-group-${key}`} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                      <legend style={{ fontSize: 'inherit', marginBottom: 8, border: 0 }}>
                        <Typography.Text type="secondary">
                          {t(required ? 'kyc.upload.required' : 'kyc.upload.optional', { documents: groupLabel(types) })}
                        </Typography.Text>
                      </legend>
                      <Row gutter={[12, 12]}>
                        {types.map((type) => (
                          <Col key={type} xs={24} md={types.length > 1 ? 12 : 24}>
                            <DocumentDrop
                              type={type}
                              value={picked[type] ?? null}
                              error={docErrors[type]}
                              onPick={(file) => pick(type, file)}
                              onRefused={(message) => refuse(type, message)}
                            />
                            {type === 'digital_aadhaar' && picked.digital_aadhaar ? (
                              <Form.Item
                                name="shareCode"
                                label={label('shareCode')}
                                rules={[requiredRule(t, label('shareCode'))]}
                                extra={t('kyc.upload.shareCodeHint')}
                                style={{ marginTop: 8, marginBottom: 0 }}
                              >
                                <Input id="shareCode" maxLength={4} autoComplete="off" style={{ maxWidth: 160 }} />
                              </Form.Item>
                            ) : null}
                          </Col>
                        ))}
                      </Row>
                      {groupError ? (
                        <Typography.Text type="danger" role="alert" data-testid={`kyc-group-${key}-error`}>
                          {groupError}
                        </Typography.Text>
                      ) : null}
                    </fieldset>
                  );
                })}
              </Flex>
            </Card>
          </Col>
        </Row>
        {failure ? <Alert type="error" showIcon message={failure} style={{ marginTop: 16 }} data-testid="kyc-upload-failure" /> : null}
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={mutation.isPending || uploading} data-testid="kyc-upload-submit">
            {t('kyc.upload.submit')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}

function groupOf(type: KycDocumentType): readonly KycDocumentType[] {
  return KYC_REQUIRED_GROUPS.find((group) => group.includes(type)) ?? [type];
}
