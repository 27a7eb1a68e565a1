import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorsOf, useAuthAction } from '../../providers/public';
import { AuthLayout, useFocusOnMount } from './auth-layout';
import { emailRules } from './password-rules';
import { NewPasswordFields } from './new-password-fields';

interface RequestValues {
  email: string;
}

interface ResetValues {
  otp: string;
  password: string;
  confirmPassword?: string;
}

/** Two steps on one route: ask for a code by email, then enter the code and a new password. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  const [resetForm] = Form.useForm<ResetValues>();
  const firstField = useFocusOnMount();
  const { mutate: requestCode, isPending: requesting } = useAuthAction<RequestValues>('forgotPassword');
  const { mutate: reset, isPending: resetting } = useAuthAction<{ email: string; otp: string; password: string }>('updatePassword');

  const onRequest = (values: RequestValues) =>
    void requestCode(values, {
      onSuccess: (result) => {
        if (result.success) setEmail(values.email);
      },
    });

  const onReset = ({ otp, password }: ResetValues) => {
    if (!email) return;
    void reset(
      { email, otp: otp.trim(), password },
      {
        onSuccess: (result) => {
          if (!result.success) resetForm.setFields(fieldErrorsOf(result.error, ['otp', 'password'], { newPassword: 'password' }));
        },
      },
    );
  };

  return (
    <AuthLayout title={t('auth.forgot.title')}>
      {email === null ? (
        <Form<RequestValues> layout="vertical" requiredMark={false} onFinish={onRequest}>
          <p>{t('auth.forgot.requestHint')}</p>
          <Form.Item name="email" label={t('auth.email')} rules={emailRules(t)}>
            <Input id="email" type="email" autoComplete="email" ref={firstField} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={requesting} data-testid="forgot-submit">
            {t('auth.forgot.sendCode')}
          </Button>
        </Form>
      ) : (
        <Form<ResetValues> form={resetForm} layout="vertical" requiredMark={false} onFinish={onReset}>
          <p>{t('auth.forgot.codeSentTo', { email })}</p>
          {/* Shown after the reader asked for a code, never in a first render: autoFocus costs nothing here. */}
          <Form.Item name="otp" label={t('auth.forgot.otp')} rules={[{ required: true, message: t('auth.forgot.otpRequired') }]}>
            <Input id="otp" autoComplete="one-time-code" inputMode="numeric" autoFocus />
          </Form.Item>
          <NewPasswordFields labelKey="auth.forgot.newPassword" />
          <Button type="primary" htmlType="submit" block loading={resetting} data-testid="reset-submit">
            {t('auth.forgot.submit')}
          </Button>
          <Button type="link" block onClick={() => setEmail(null)} style={{ marginTop: 8 }}>
            {t('auth.forgot.startOver')}
          </Button>
        </Form>
      )}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </Flex>
    </AuthLayout>
  );
}
