import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthAction } from '../../providers';
import { AuthLayout, useFocusOnMount } from './auth-layout';
import { requiredPassword } from './password-rules';

interface LoginValues {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const firstField = useFocusOnMount();
  const { mutate: login, isPending } = useAuthAction<LoginValues>('login');

  return (
    <AuthLayout title={t('auth.login.title')}>
      <Form<LoginValues> layout="vertical" requiredMark={false} onFinish={(values) => void login(values)}>
        <Form.Item name="username" label={t('auth.username')} rules={[{ required: true, message: t('auth.usernameRequired') }]}>
          <Input id="username" autoComplete="username" ref={firstField} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={requiredPassword(t)}>
          <Input.Password id="password" autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        <span>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
        </span>
      </Flex>
    </AuthLayout>
  );
}
