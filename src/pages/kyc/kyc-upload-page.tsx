import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useCustomMutation, useGo } from '@refinedev/core';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Input, Row, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, notify } from '../../providers';
import { INDIAN_STATES, KYC_DOCUMENT_TYPES, KYC_GENDERS, KYC_REQUIRED_GROUPS, type KycDocumentType, type KycGender } from '../../resources/kyc-model';
import { aadhaarDigits } from '../../resources/kyc-rules';
import { ResourceIcon } from '../../shell/icons';
import { FormSelect } from '../form-select';
import { DocumentDrop, type PickedFile } from './document-drop';
import { KYC_SUBJECT_FIELDS, useKycApi, type KycSubject, type KycSubjectInput } from './kyc-api';
import { aadhaarRules, ADDRESS_MAX, dobRules, isFuture, panRules, pinCodeRules, requiredRule, SUBJECT_TEXT_MAX } from './subject-rules';

interface UploadValues {
  name?: string;
  dob?: Dayjs | null;
  gender?: KycGender;
  addressLine?: string;
  city?: string;
  state?: string;
  pinCode?: string;
  pan?: string;
  aadhaar?: string;
  shareCode?: string;
}

type Picked = Partial<Record<KycDocumentType, PickedFile>>;
type DocErrors = Partial<Record<KycDocumentType, string>>;

/** The document groups as the form shows them: each required group, then the optional types. */
const GROUPS: ReadonlyArray<{ types: readonly KycDocumentType[]; required: boolean }> = [
  ...KYC_REQUIRED_GROUPS.map((types) => ({ types, required: true })),
  { types: KYC_DOCUMENT_TYPES.filter((type) => !KYC_REQUIRED_GROUPS.some((group) => group.includes(type))), required: false },
];
const groupKey = (types: readonly KycDocumentType[]) => types[0] ?? 'other';

/** The Aadhaar number: typed like a password (never kept anywhere but the form), with a show toggle. */
function AadhaarInput({ id, value, onChange, ...rest }: { id: string; value?: string; onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Input
      {...rest}
      id={id}
      value={value}
      onChange={onChange}
      // Not type=password: browsers would offer to save it in their password manager.
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={14}
      style={{ WebkitTextSecurity: shown ? 'none' : 'disc' } as React.CSSProperties}
      data-testid="kyc-aadhaar"
      suffix={
        <Button
          type="text"
          size="small"
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          aria-label={t(shown ? 'kyc.upload.hideAadhaar' : 'kyc.upload.showAadhaar')}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
          data-testid="kyc-aadhaar-toggle"
        />
      }
    />
  );
}

/** KYC upload: a subject and its documents, checked here with the shared rules and sent as one multipart POST. */
export default function KycUploadPage() {
  const { t, i18n } = useTranslation();
  const api = useKycApi();
  const go = useGo();
  const [form] = Form.useForm<UploadValues>();
  const [picked, setPicked] = useState<Picked>({});
  const [docErrors, setDocErrors] = useState<DocErrors>({});
  const [groupErrors, setGroupErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<KycSubject, never, FormData>();

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

  const submit = (values: UploadValues) => {
    setFailure(null);
    if (missingGroups.length > 0) {
      setGroupErrors(Object.fromEntries(missingGroups.map((group) => [groupKey(group), t('kyc.upload.groupRequired', { documents: groupLabel(group) })])));
      setFailure(t('kyc.upload.documentsMissing'));
      return;
    }
    const subject: KycSubjectInput = {
      name: (values.name ?? '').trim(),
      dob: values.dob?.format('YYYY-MM-DD') ?? '',
      gender: values.gender as KycGender,
      addressLine: (values.addressLine ?? '').trim(),
      city: (values.city ?? '').trim(),
      state: values.state ?? '',
      pinCode: (values.pinCode ?? '').trim(),
      pan: (values.pan ?? '').trim(),
      aadhaar: aadhaarDigits(values.aadhaar ?? ''),
    };
    const body = new FormData();
    // The subject first: the server reads the parts in order and checks it before any file.
    body.append('subject', JSON.stringify(subject));
    if (picked.digital_aadhaar && values.shareCode) body.append('shareCode', values.shareCode.trim());
    for (const type of KYC_DOCUMENT_TYPES) {
      const file = picked[type];
      if (file) body.append(type, file.file, file.file.name);
    }
    mutate(
      { url: api.subjects, method: 'post', values: body, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => {
          notify({ type: 'success', key: 'kyc-upload', message: t('server.kycSubjectSaved'), description: data.name });
          // The review list, filtered to this subject (its PAN is unique).
          go({
            to: { resource: 'kyc-documents', action: 'list' },
            query: { filters: [{ field: 'q', operator: 'contains', value: data.pan ?? data.name }] },
            type: 'push',
          });
        },
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
      <Typography.Title level={3} style={{ margin: 0 }}>
        <Space>
          <ResourceIcon name="CloudUploadOutlined" />
          {t('resources.kyc-upload')}
        </Space>
      </Typography.Title>
      <Form<UploadValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        onFinishFailed={() => setFailure(t('kyc.upload.fixFields'))}
        requiredMark
        scrollToFirstError
        data-testid="kyc-upload-form"
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={11}>
            <Card title={t('kyc.upload.subject')}>
              <Form.Item name="name" label={label('name')} rules={[requiredRule(t, label('name'))]}>
                <Input id="name" maxLength={SUBJECT_TEXT_MAX} autoComplete="off" />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="dob" label={label('dob')} rules={dobRules(t, label('dob'))}>
                    <DatePicker id="dob" style={{ width: '100%' }} format="YYYY-MM-DD" disabledDate={isFuture} placeholder="YYYY-MM-DD" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="gender" label={label('gender')} rules={[{ required: true, message: t('generic.required', { field: label('gender') }) }]}>
                    <FormSelect id="gender" options={KYC_GENDERS.map((value) => ({ value, label: t(`kyc.genders.${value}`) }))} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="addressLine" label={label('addressLine')} rules={[requiredRule(t, label('addressLine'))]}>
                <Input id="addressLine" maxLength={ADDRESS_MAX} />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="city" label={label('city')} rules={[requiredRule(t, label('city'))]}>
                    <Input id="city" maxLength={SUBJECT_TEXT_MAX} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="state" label={label('state')} rules={[{ required: true, message: t('generic.required', { field: label('state') }) }]}>
                    <FormSelect id="state" showSearch options={INDIAN_STATES.map((value) => ({ value, label: value }))} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="pinCode" label={label('pinCode')} rules={pinCodeRules(t, label('pinCode'))}>
                <Input id="pinCode" inputMode="numeric" maxLength={6} style={{ maxWidth: 160 }} />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="pan"
                    label={label('pan')}
                    dependencies={['name']}
                    normalize={(value: string | undefined) => value?.toUpperCase()}
                    rules={panRules(t, label('pan'), () => form.getFieldValue('name') as string | undefined)}
                  >
                    <Input id="pan" maxLength={10} autoComplete="off" spellCheck={false} placeholder="ABCPV1234K" data-testid="kyc-pan" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="aadhaar" label={label('aadhaar')} rules={aadhaarRules(t, label('aadhaar'))} extra={t('kyc.upload.aadhaarHint')}>
                    <AadhaarInput id="aadhaar" />
                  </Form.Item>
                </Col>
              </Row>
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
          <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="kyc-upload-submit">
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
