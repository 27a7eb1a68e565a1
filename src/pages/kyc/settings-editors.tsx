import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Form, Radio, Space, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../components/file-size';
import { DateTime, Ltr } from '../../i18n/formatting';
import type { EditorProps } from '../generic/editors';
import type { KycSettings } from './kyc-api';

// The KYC settings' named editors (common/resources/kyc-settings.ts); the form around them, its
// save and its answers are the generic one-form page's.

const CERTIFICATE_ACCEPT = '.cer,.pem,.crt,application/x-x509-ca-cert,application/pkix-cert,application/x-pem-file';
/** A certificate is a few KB; anything near this is not one (the server's cap too). */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;

/** The scan policy as radio buttons, with whether a scanner is configured and what `required` means without one. */
export function ScanPolicyEditor({ id, value, onChange, field, record }: EditorProps) {
  const { t } = useTranslation();
  const settings = record as unknown as KycSettings;
  return (
    <Flex vertical gap={12}>
      <Radio.Group id={id} value={value} onChange={(event) => onChange?.(event.target.value)} data-testid="kyc-scan-policy">
        <Space direction="vertical">
          {(field.options ?? []).map((option) => (
            <Radio key={option.value} value={option.value} data-testid={`kyc-scan-policy-${option.value}`}>
              {t(option.labelKey)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Space>
        <Typography.Text>{t('kyc.settings.scanner')}:</Typography.Text>
        {settings.scannerConfigured ? (
          <Tag color="green" data-testid="kyc-scanner-configured">{t('kyc.settings.scannerConfigured')}</Tag>
        ) : (
          <Tag color="gold" data-testid="kyc-scanner-missing">{t('kyc.settings.scannerMissing')}</Tag>
        )}
      </Space>
      {!settings.scannerConfigured && value === 'required' ? <Alert type="warning" showIcon message={t('kyc.settings.requiredWithoutScanner')} /> : null}
    </Flex>
  );
}

/**
 * The pinned UIDAI certificate and a file to replace it: the value is the picked File (sent as the
 * multipart `certificate`), anything else means "keep the pinned one". The server parses it and
 * answers 422 on `certificate` when it is not a certificate.
 */
export function CertificateEditor({ id, value, onChange, field, record }: EditorProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const pinned = (record as unknown as KycSettings).certificate;
  const picked = value instanceof File ? value : null;
  const pick = (file: File) => {
    if (file.size > CERTIFICATE_MAX_BYTES) form.setFields([{ name: field.name, errors: [t('kyc.settings.certificateTooLarge', { name: file.name })] }]);
    else {
      onChange?.(file);
      form.setFields([{ name: field.name, errors: [] }]);
    }
    return false;
  };
  return (
    <Flex vertical gap={12} id={id}>
      {pinned ? (
        <Descriptions size="small" column={1} bordered data-testid="kyc-certificate">
          <Descriptions.Item label={t('kyc.settings.subject')}>
            <Ltr>{pinned.subject}</Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.settings.issuer')}>
            <Ltr>{pinned.issuer}</Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.settings.notAfter')}>
            <DateTime value={pinned.notAfter} />
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.settings.fingerprint')}>
            <Typography.Text code copyable dir="ltr" style={{ wordBreak: 'break-all' }}>
              <Ltr>{pinned.fingerprint256}</Ltr>
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="info" showIcon message={t('kyc.settings.noCertificate')} data-testid="kyc-no-certificate" />
      )}
      <Space wrap>
        <Upload accept={CERTIFICATE_ACCEPT} showUploadList={false} beforeUpload={pick}>
          <Button icon={<UploadOutlined />} data-testid="kyc-certificate-pick">
            {t(pinned ? 'kyc.settings.replaceCertificate' : 'kyc.settings.uploadCertificate')}
          </Button>
        </Upload>
        {picked ? (
          <Tag icon={<SafetyCertificateOutlined />} closable onClose={() => onChange?.(null)} data-testid="kyc-certificate-picked">
            <Ltr>{`${picked.name} · ${formatSize(picked.size)}`}</Ltr>
          </Tag>
        ) : null}
      </Space>
    </Flex>
  );
}
