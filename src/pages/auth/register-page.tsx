import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorsOf, useAuthAction } from '../../providers/public';
import { AuthLayout, IN_TEXT_LINK, useFocusOnMount } from './auth-layout';
import { emailRules, usernameRules } from './password-rules';
import { NewPasswordFields } from './new-password-fields';

interface RegisterValues {
  username: string;
  name: string;
  email: string;
  password: string;
  confirmPassword?: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const firstField = useFocusOnMount();
  const [form] = Form.useForm<RegisterValues>();
  const { mutate: register, isPending } = useAuthAction<Omit<RegisterValues, 'confirmPassword'>>('register');

  const onFinish = ({ confirmPassword: _confirm, ...values }: RegisterValues) =>
    void register(values, {
      // The server names the fields it refused (422 {errors: {field: reason}}); mark them in place.
      onSuccess: (result) => {
        if (!result.success) form.setFields(fieldErrorsOf(result.error, ['username', 'name', 'email', 'password']));
      },
    });

  return (
    <AuthLayout title={t('auth.register.title')}>
      <Form<RegisterValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="username" label={t('auth.username')} rules={usernameRules(t)}>
          <Input id="username" autoComplete="username" ref={firstField} />
        </Form.Item>
        <Form.Item name="name" label={t('auth.name')} rules={[{ required: true, message: t('auth.nameRequired') }]}>
          <Input id="name" autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t('auth.email')} rules={emailRules(t)}>
          <Input id="email" type="email" autoComplete="email" />
        </Form.Item>
        <NewPasswordFields labelKey="auth.password" />
        <Button type="primary" htmlType="submit" block loading={isPending} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </Form>
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        {t('auth.register.haveAccount')} <Link to="/login" style={IN_TEXT_LINK}>{t('auth.register.login')}</Link>
      </p>
    </AuthLayout>
  );
}
