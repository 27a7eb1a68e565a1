import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from './password-rules';

/** A new password and its confirmation, as registration, reset and change all ask for them. */
export function NewPasswordFields({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      {/* The rule is shown before the first try, not only once a submission is refused. */}
      <Form.Item name="password" label={t(labelKey)} rules={newPasswordRules(t)} extra={<span data-testid="password-rules">{t('auth.passwordRules')}</span>}>
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
