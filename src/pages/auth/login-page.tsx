import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAccountLocked, useAuthAction } from '../../providers/public';
import { AuthLayout, useFocusOnMount } from './auth-layout';
import { requiredPassword } from './password-rules';

interface LoginValues {
  username: string;
  password: string;
}

interface UnlockValues {
  password: string;
  otp: string;
}

/**
 * Two steps on one route: the username and password, then, for an account locked after
 * too many failed sign-ins, the code mailed to its owner (sent with the same password).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const firstField = useFocusOnMount();
  const [locked, setLocked] = useState<LoginValues | null>(null);
  const { mutate: login, isPending } = useAuthAction<LoginValues & { otp?: string }>('login');

  const onLogin = (values: LoginValues) =>
    void login(values, {
      onSuccess: (result) => {
        if (!result.success && isAccountLocked(result.error)) setLocked(values);
      },
    });

  const onUnlock = ({ password, otp }: UnlockValues) => {
    if (locked) void login({ username: locked.username, password, otp: otp.trim() });
  };

  return (
    <AuthLayout title={locked ? t('auth.login.lockedTitle') : t('auth.login.title')}>
      {locked === null ? (
        <Form<LoginValues> layout="vertical" requiredMark={false} onFinish={onLogin}>
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
      ) : (
        // The password as typed at the refused attempt: a lock answers the same to any password, so it may need retyping.
        <Form<UnlockValues> layout="vertical" requiredMark={false} onFinish={onUnlock} initialValues={{ password: locked.password }}>
          <p data-testid="login-locked">{t('auth.login.lockedHint')}</p>
          <Form.Item name="password" label={t('auth.password')} rules={requiredPassword(t)}>
            <Input.Password id="unlock-password" autoComplete="current-password" />
          </Form.Item>
          {/* Shown after a refused sign-in, never in a first render: autoFocus costs nothing here. */}
          <Form.Item
            name="otp"
            label={t('auth.login.otp')}
            rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('auth.login.otpRequired') }]}
          >
            <Input id="otp" autoComplete="one-time-code" inputMode="numeric" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending} data-testid="unlock-submit">
            {t('auth.login.unlock')}
          </Button>
          <Button type="link" block onClick={() => setLocked(null)} style={{ marginTop: 8 }}>
            {t('auth.login.startOver')}
          </Button>
        </Form>
      )}
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        <span>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
        </span>
      </Flex>
    </AuthLayout>
  );
}
