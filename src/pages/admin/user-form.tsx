import { useForm } from '@refinedev/antd';
import { useNavigation, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fieldErrorsOf, serverMessageOf, useRole } from '../../providers';
import type { RouteSpec } from '../../../common/resources/generate';
import { useRuntime } from '../../registry/registry-context';
import { ROLE_LABEL_KEYS, type Role } from '../../../common/resources/types';
import { assignableRoles, canManageUser, mailDomainFor, splitEmail } from '../../../common/domains/admin/user-rules';
import { PageHeader } from '../../components/page-header';
import { newPasswordRules, usernameRules } from '../auth/password-rules';
import { FormSelect } from '../form-select';
import { useEnterpriseOptions, type AdminUser } from './admin-api';

interface UserFormValues {
  username?: string;
  name: string;
  emailLocal: string;
  emailDomain?: string;
  role: Role;
  enterpriseId?: string | null;
  password?: string;
}


/**
 * Adds or edits a user. The address is typed as its local part: for a bank the
 * domain is the bank's and its field is hidden; for anything else the domain
 * field starts at the configured default. Roles the caller may not give are not offered.
 */
export default function UserForm({ route }: { route: RouteSpec }) {
  const { t } = useTranslation();
  const listPath = useNavigation().listUrl('users');
  const { id } = useParams();
  const { config } = useRuntime();
  const myRole = useRole();
  const enterprises = useEnterpriseOptions();
  const action = route.action === 'edit' ? 'edit' : 'create';
  const { formProps, saveButtonProps, query, form } = useForm<AdminUser, HttpError, Record<string, unknown>>({
    resource: 'users',
    action,
    ...(action === 'edit' && id ? { id } : {}),
    redirect: 'list',
    meta: { method: 'put' },
    successNotification: (data) => ({
      type: 'success',
      message: serverMessageOf(data?.data, t) ?? t('admin.users.saved'),
    }),
    onMutationError: (error) =>
      form.setFields(fieldErrorsOf(error, ['username', 'name', 'role', 'enterpriseId', 'password'], { email: 'emailLocal' }) as never),
  });

  const record = query?.data?.data;
  useEffect(() => {
    if (!record) return;
    const { local, domain } = splitEmail(record.email);
    form.setFieldsValue({ name: record.name, role: record.role, enterpriseId: record.enterpriseId ?? undefined, emailLocal: local, emailDomain: domain });
  }, [record, form]);

  const enterpriseId = Form.useWatch('enterpriseId', form);
  const enterprise = enterprises.find((option) => option.id === enterpriseId) ?? null;
  const rule = mailDomainFor(enterprise, config.defaults.mailDomain);
  // SPEC.md section 5: a submit with a required field left empty says so above the form.
  const [unfilled, setUnfilled] = useState(false);

  // A bank's domain is not the user's to choose; leaving a bank gives the default back.
  useEffect(() => {
    if (rule.fixed) form.setFieldValue('emailDomain', rule.domain);
    else if (!form.getFieldValue('emailDomain') || enterprises.some((option) => option.isBank && option.mailDomain === form.getFieldValue('emailDomain'))) {
      form.setFieldValue('emailDomain', rule.domain);
    }
  }, [rule.fixed, rule.domain, form, enterprises]);

  if (myRole === null) return null;
  if (record && !canManageUser(myRole, record)) {
    return <Alert type="warning" showIcon message={t('admin.users.superAdminOnly')} data-testid="user-form-locked" />;
  }

  const roles = assignableRoles(myRole);
  const onFinish = ({ emailLocal, emailDomain, username, password, ...rest }: UserFormValues) =>
    formProps.onFinish?.({
      ...rest,
      enterpriseId: rest.enterpriseId ?? null,
      email: `${emailLocal.trim()}@${rule.fixed ? rule.domain : (emailDomain ?? '').trim()}`,
      ...(action === 'create' ? { username, password } : {}),
    });

  return (
    <Flex vertical gap={16} data-testid="user-form" data-action={action}>
      <PageHeader title={t(action === 'edit' ? 'admin.users.editTitle' : 'admin.users.addTitle')} />
      <Card style={{ maxWidth: 640 }}>
        <Form<UserFormValues>
          {...(formProps as object)}
          form={form as never}
          layout="vertical"
          initialValues={action === 'create' ? { role: 2, enterpriseId: null, emailDomain: config.defaults.mailDomain } : undefined}
          onFinish={(values) => {
            setUnfilled(false);
            return onFinish(values);
          }}
          onFinishFailed={({ errorFields }) =>
            setUnfilled(errorFields.some(({ name }) => String(form.getFieldValue(name) ?? '').trim() === ''))
          }
        >
          {unfilled ? <Alert type="error" showIcon message={t('generic.fillAll')} style={{ marginBottom: 16 }} data-testid="form-fill-all" /> : null}
          {action === 'create' ? (
            <Form.Item
              name="username"
              label={t('admin.users.fields.username')}
              rules={usernameRules(t)}
            >
              <Input id="username" maxLength={15} autoComplete="off" />
            </Form.Item>
          ) : (
            <Form.Item label={t('admin.users.fields.username')} htmlFor="username">
              <Input id="username" value={record?.username} disabled />
            </Form.Item>
          )}
          <Form.Item name="name" label={t('admin.users.fields.name')} rules={[{ required: true, whitespace: true, message: t('auth.nameRequired') }]}>
            <Input id="name" maxLength={100} />
          </Form.Item>
          <Form.Item name="enterpriseId" label={t('admin.users.fields.enterprise')}>
            <Select
              id="enterpriseId"
              allowClear
              data-testid="user-enterprise"
              placeholder={t('admin.users.noEnterprise')}
              options={enterprises.map((option) => ({ value: option.id, label: option.name }))}
            />
          </Form.Item>
          <Form.Item label={t('admin.users.fields.email')} htmlFor="emailLocal" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="emailLocal" noStyle rules={[{ required: true, whitespace: true, message: t('auth.emailRequired') }, { pattern: /^[^@\s]+$/, message: t('auth.emailInvalid') }]}>
                <Input id="emailLocal" style={{ width: '55%' }} />
              </Form.Item>
              {rule.fixed ? (
                <Input value={`@${rule.domain}`} disabled style={{ width: '45%' }} aria-label={t('admin.users.fields.emailDomain')} data-testid="user-email-fixed-domain" />
              ) : (
                <Form.Item name="emailDomain" noStyle rules={[{ required: true, message: t('admin.users.domainRequired') }, { pattern: /^[a-z0-9.-]+\.[a-z]{2,}$/i, message: t('admin.users.domainInvalid') }]}>
                  <Input id="emailDomain" addonBefore="@" style={{ width: '45%' }} aria-label={t('admin.users.fields.emailDomain')} data-testid="user-email-domain" />
                </Form.Item>
              )}
            </Space.Compact>
            {rule.fixed ? <Typography.Text type="secondary">{t('admin.users.bankDomain', { domain: rule.domain })}</Typography.Text> : null}
          </Form.Item>
          <Form.Item name="role" label={t('admin.users.fields.role')} rules={[{ required: true }]}>
            <FormSelect id="role" data-testid="user-role" options={roles.map((value) => ({ value, label: t(ROLE_LABEL_KEYS[value]) }))} />
          </Form.Item>
          {action === 'create' ? (
            <Form.Item name="password" label={t('admin.users.fields.password')} rules={newPasswordRules(t)} extra={<span data-testid="password-rules">{t('auth.passwordRules')}</span>}>
              <Input.Password id="password" autoComplete="new-password" />
            </Form.Item>
          ) : null}
          <Space>
            <Button type="primary" {...saveButtonProps} data-testid="user-submit">
              {t('generic.save')}
            </Button>
            <Link to={listPath}>
              <Button>{t('buttons.cancel')}</Button>
            </Link>
          </Space>
        </Form>
      </Card>
    </Flex>
  );
}
