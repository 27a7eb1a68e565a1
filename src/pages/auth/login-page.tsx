import { Button, Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAccountLocked, useAuthAction } from '../../providers/public';
import { AuthLayout, IN_TEXT_LINK, useFocusOnMount } from './auth-layout';
import { PlainField, usePlainForm } from './plain-form';
import { PlainInput, PlainPassword } from './plain-input';

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
  const firstField = useFocusOnMount<HTMLInputElement>();
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
        <SignInForm t={t} firstField={firstField} pending={isPending} onSend={onLogin} />
      ) : (
        <UnlockForm t={t} password={locked.password} pending={isPending} onSend={onUnlock} onStartOver={() => setLocked(null)} />
      )}
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        <span>
          {t('auth.login.noAccount')} <Link to="/register" style={IN_TEXT_LINK}>{t('auth.login.register')}</Link>
        </span>
      </Flex>
    </AuthLayout>
  );
}

const OTP = /^\s*\d{6}\s*$/;

interface StepProps<V> {
  t: TFunction;
  pending: boolean;
  onSend(values: V): void;
}

function SignInForm({ t, firstField, pending, onSend }: StepProps<LoginValues> & { firstField: ReturnType<typeof useFocusOnMount<HTMLInputElement>> }) {
  const form = usePlainForm(
    { username: 'username', password: 'password' },
    {
      username: (value) => (value ? undefined : t('auth.usernameRequired')),
      password: (value) => (value ? undefined : t('auth.passwordRequired')),
    },
  );
  return (
    <form noValidate onSubmit={form.onSubmit(onSend)}>
      <PlainField id="username" label={t('auth.username')} error={form.error('username')}>
        <PlainInput {...form.input('username')} autoComplete="username" ref={firstField} />
      </PlainField>
      <PlainField id="password" label={t('auth.password')} error={form.error('password')}>
        <PlainPassword {...form.input('password')} autoComplete="current-password" />
      </PlainField>
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}

/** The password as typed at the refused attempt: a lock answers the same to any password, so it may need retyping. */
function UnlockForm({ t, password, pending, onSend, onStartOver }: StepProps<UnlockValues> & { password: string; onStartOver(): void }) {
  const form = usePlainForm(
    { password: 'unlock-password', otp: 'otp' },
    {
      password: (value) => (value ? undefined : t('auth.passwordRequired')),
      otp: (value) => (OTP.test(value) ? undefined : t('auth.login.otpRequired')),
    },
    { password },
  );
  return (
    <form noValidate onSubmit={form.onSubmit(onSend)}>
      <p data-testid="login-locked">{t('auth.login.lockedHint')}</p>
      <PlainField id="unlock-password" label={t('auth.password')} error={form.error('password')}>
        <PlainPassword {...form.input('password')} autoComplete="current-password" />
      </PlainField>
      {/* Shown after a refused sign-in, never in a first render: autoFocus costs nothing here. */}
      <PlainField id="otp" label={t('auth.login.otp')} error={form.error('otp')}>
        <PlainInput {...form.input('otp')} autoComplete="one-time-code" inputMode="numeric" autoFocus />
      </PlainField>
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="unlock-submit">
        {t('auth.login.unlock')}
      </Button>
      <Button type="link" block onClick={onStartOver} style={{ marginTop: 8 }}>
        {t('auth.login.startOver')}
      </Button>
    </form>
  );
}
