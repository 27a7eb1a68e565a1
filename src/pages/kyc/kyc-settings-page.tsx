import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Flex, Form, Radio, Skeleton, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, Ltr } from '../../i18n/formatting';
import { notify } from '../../providers';
import { KYC_SCAN_POLICIES, type KycScanPolicy } from '../../../common/domains/kyc/model';
import { formatSize } from '../../components/file-size';
import { PageHeader } from '../../components/page-header';
import { useKycApi, type KycSettings } from './kyc-api';

const CERTIFICATE_ACCEPT = '.cer,.pem,.crt,application/x-x509-ca-cert,application/pkix-cert,application/x-pem-file';
/** A certificate is a few KB; anything near this is not one. */
const CERTIFICATE_MAX_BYTES = 64 * 1024;

/** KYC settings (Admin+): the virus-scan policy and the UIDAI certificate that digital Aadhaar files are verified with. */
export default function KycSettingsPage() {
  const { t } = useTranslation();
  const api = useKycApi();
  const [form] = Form.useForm<{ scanPolicy: KycScanPolicy }>();
  const [certificate, setCertificate] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { query } = useCustom<KycSettings>({ url: api.settings, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const { mutate, mutation } = useCustomMutation<KycSettings, never, FormData>();
  const settings = query.data?.data;
  const policy = Form.useWatch('scanPolicy', form);

  useEffect(() => {
    if (settings) form.setFieldsValue({ scanPolicy: settings.scanPolicy });
  }, [settings, form]);

  const save = ({ scanPolicy }: { scanPolicy: KycScanPolicy }) => {
    setFailure(null);
    const body = new FormData();
    body.append('scanPolicy', scanPolicy);
    if (certificate) body.append('certificate', certificate, certificate.name);
    mutate(
      { url: api.settings, method: 'put', values: body, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          notify({ type: 'success', key: 'kyc-settings', message: t('server.kycSettingsSaved') });
          setCertificate(null);
          void query.refetch();
        },
        onError: (error) => setFailure((error as { message?: string }).message ?? t('errors.generic')),
      },
    );
  };

  return (
    <Flex vertical gap={16} data-testid="kyc-settings-page">
      <PageHeader icon="SettingOutlined" title={t('kyc.settings.title')} />
      {query.isError ? <Alert type="error" showIcon message={(query.error as { message?: string }).message ?? t('errors.generic')} /> : null}
      {!settings && !query.isError ? <Skeleton active /> : null}
      {settings ? (
        <Form form={form} layout="vertical" onFinish={save} initialValues={{ scanPolicy: settings.scanPolicy }} style={{ maxWidth: 760 }}>
          <Flex vertical gap={16}>
            <Card title={t('kyc.settings.scanning')}>
              <Form.Item name="scanPolicy" label={t('kyc.settings.scanPolicy')} extra={t('kyc.settings.scanPolicyHint')}>
                <Radio.Group data-testid="kyc-scan-policy">
                  <Space direction="vertical">
                    {KYC_SCAN_POLICIES.map((policy) => (
                      <Radio key={policy} value={policy} data-testid={`kyc-scan-policy-${policy}`}>
                        {t(`kyc.settings.policies.${policy}`)}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              </Form.Item>
              <Space>
                <Typography.Text>{t('kyc.settings.scanner')}:</Typography.Text>
                {settings.scannerConfigured ? (
                  <Tag color="green" data-testid="kyc-scanner-configured">{t('kyc.settings.scannerConfigured')}</Tag>
                ) : (
                  <Tag color="gold" data-testid="kyc-scanner-missing">{t('kyc.settings.scannerMissing')}</Tag>
                )}
              </Space>
              {!settings.scannerConfigured && policy === 'required' ? (
                <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('kyc.settings.requiredWithoutScanner')} />
              ) : null}
            </Card>
            <Card title={t('kyc.settings.certificate')}>
              <Flex vertical gap={12}>
                {settings.certificate ? (
                  <Descriptions size="small" column={1} bordered data-testid="kyc-certificate">
                    <Descriptions.Item label={t('kyc.settings.subject')}>
                      <Ltr>{settings.certificate.subject}</Ltr>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('kyc.settings.issuer')}>
                      <Ltr>{settings.certificate.issuer}</Ltr>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('kyc.settings.notAfter')}>
                      <DateTime value={settings.certificate.notAfter} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('kyc.settings.fingerprint')}>
                      <Typography.Text code copyable dir="ltr" style={{ wordBreak: 'break-all' }}>
                        <Ltr>{settings.certificate.fingerprint256}</Ltr>
                      </Typography.Text>
                    </Descriptions.Item>
                  </Descriptions>
                ) : (
                  <Alert type="info" showIcon message={t('kyc.settings.noCertificate')} data-testid="kyc-no-certificate" />
                )}
                <Space wrap>
                  <Upload
                    accept={CERTIFICATE_ACCEPT}
                    showUploadList={false}
                    beforeUpload={(file) => {
                      if (file.size > CERTIFICATE_MAX_BYTES) {
                        setFailure(t('kyc.settings.certificateTooLarge', { name: file.name }));
                        return false;
                      }
                      setFailure(null);
                      setCertificate(file);
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />} data-testid="kyc-certificate-pick">
                      {t(settings.certificate ? 'kyc.settings.replaceCertificate' : 'kyc.settings.uploadCertificate')}
                    </Button>
                  </Upload>
                  {certificate ? (
                    <Tag icon={<SafetyCertificateOutlined />} closable onClose={() => setCertificate(null)} data-testid="kyc-certificate-picked">
                      <Ltr>{`${certificate.name} · ${formatSize(certificate.size)}`}</Ltr>
                    </Tag>
                  ) : null}
                </Space>
              </Flex>
            </Card>
            {failure ? <Alert type="error" showIcon message={failure} data-testid="kyc-settings-failure" /> : null}
            <Flex justify="end">
              <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="kyc-settings-save">
                {t('buttons.save')}
              </Button>
            </Flex>
          </Flex>
        </Form>
      ) : null}
    </Flex>
  );
}
