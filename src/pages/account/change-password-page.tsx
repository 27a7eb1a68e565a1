import { useUpdatePassword } from '@refinedev/core';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../providers';
import { confirmRules, requiredPassword } from '../auth/password-rules';

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
        <Form.Item name="password" label={t('auth.changePassword.newPassword')} rules={requiredPassword(t)}>
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
        <Button type="primary" htmlType="submit" loading={isPending} data-testid="change-password-submit">
          {t('auth.changePassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}
