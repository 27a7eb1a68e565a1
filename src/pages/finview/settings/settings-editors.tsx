import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { FONT_FAMILIES } from '../../../../common/domains/finview/template';
import type { EditorProps } from '../../generic/editors';

// FinView settings' named editors (common/resources/finview-settings.ts): the brand's font and
// the firm's logo; the rest of the form is the generic one-form page's.

/** The server's own limits (server/src/modules/finview/routes-settings.ts), refused here before sending. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'];

/** The brand's font: the families the renderer has (`editor: 'finview-font'`). */
export function FontEditor({ id, value, onChange }: EditorProps) {
  return (
    <Select
      id={id}
      style={{ width: 220 }}
      value={value}
      onChange={onChange}
      options={FONT_FAMILIES.map((family) => ({ value: family, label: family }))}
      data-testid="finview-settings-font"
    />
  );
}

/** The logo as the form holds it (a PNG/JPEG data URL, or null): a preview, choose, remove (`editor: 'finview-logo'`). */
export function LogoEditor({ id, value, onChange, field }: EditorProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const refuse = (message: string) => form.setFields([{ name: field.name.split('.'), errors: [message] }]);
  const pick = (file: File) => {
    if (!LOGO_TYPES.includes(file.type)) refuse(t('finviewSettings.logoType'));
    else if (file.size > LOGO_MAX_BYTES) refuse(t('finviewSettings.logoSize'));
    else {
      const reader = new FileReader();
      reader.onload = () => onChange?.(String(reader.result));
      reader.readAsDataURL(file);
    }
    return false;
  };
  const logo = typeof value === 'string' && value !== '' ? value : null;
  return (
    <Space wrap align="center" id={id}>
      {logo ? (
        <img src={logo} alt={t('finviewSettings.logoPreview')} style={{ maxHeight: 64, maxWidth: 240, background: 'repeating-conic-gradient(#8884 0 25%, transparent 0 50%) 0 0 / 16px 16px' }} data-testid="finview-settings-logo-preview" />
      ) : (
        <Typography.Text type="secondary">{t('finviewSettings.noLogo')}</Typography.Text>
      )}
      <Upload accept={LOGO_TYPES.join(',')} showUploadList={false} beforeUpload={pick}>
        <Button icon={<UploadOutlined />} data-testid="finview-settings-logo-pick">
          {t('finviewSettings.pickLogo')}
        </Button>
      </Upload>
      {logo ? (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid="finview-settings-logo-remove">
          {t('finviewSettings.removeLogo')}
        </Button>
      ) : null}
    </Space>
  );
}
