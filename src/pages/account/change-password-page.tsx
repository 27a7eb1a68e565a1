import { useUpdatePassword } from '@refinedev/core';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../providers';
import { requiredPassword } from '../auth/password-rules';
import { NewPasswordFields } from '../auth/new-password-fields';

interface ChangePasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword?: string;
}

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const { mutate: update, isPending } = useUpdatePassword<{ oldPassword: string; password: string }>();

  const onFinish = ({ oldPassword, password }: ChangePasswordValues) =>
    update(
      { oldPassword, password },
      {
        onSuccess: (result) => {
          if (result.success) form.resetFields();
          else form.setFields(fieldErrorsOf(result.error, ['oldPassword', 'password'], { newPassword: 'password' }));
        },
      },
    );

  return (
    <Card title={t('auth.changePassword.title')} style={{ maxWidth: 480 }}>
      <Form<ChangePasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="oldPassword" label={t('auth.changePassword.oldPassword')} rules={requiredPassword(t)}>
          <Input.Password id="oldPassword" autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields labelKey="auth.changePassword.newPassword" />
        <Button type="primary" htmlType="submit" loading={isPending} data-testid="change-password-submit">
          {t('auth.changePassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}
