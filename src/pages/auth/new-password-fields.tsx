import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, requiredPassword } from './password-rules';

/** A new password and its confirmation, as registration, reset and change all ask for them. */
export function NewPasswordFields({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={t(labelKey)} rules={requiredPassword(t)}>
        <Input.Password id="password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        dependencies={['password']}
        rules={confirmRules(t, 'password')}
      >
        <Input.Password id="confirmPassword" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
