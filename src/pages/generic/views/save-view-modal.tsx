import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEW_NAME_MAX } from '../../../../common/domains/views/model';
import { ROLE_LABEL_KEYS, ROLES, type Role } from '../../../../common/resources/types';
import { isApiError } from '../../../providers';

export interface ViewNaming {
  name: string;
  sharedRole: Role | null;
}

// The select's value for "nobody": antd's Select keeps no null.
const PRIVATE = 'private';

/**
 * Names a view and picks whom it is shared with: nobody, or a role (that role and every
 * more powerful one see it). `submit` rejects with the server's error, shown on the field
 * it names (a name already used) or above the form.
 */
export function SaveViewModal({
  open,
  title,
  initial,
  onCancel,
  submit,
}: {
  open: boolean;
  title: string;
  initial: ViewNaming;
  onCancel(): void;
  submit(naming: ViewNaming): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; share: string }>();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: initial.name, share: initial.sharedRole === null ? PRIVATE : String(initial.sharedRole) });
    setFailure(undefined);
    // The values, not the object: the caller makes a new one every render.
  }, [open, initial.name, initial.sharedRole, form]);

  const finish = async ({ name, share }: { name: string; share: string }) => {
    setPending(true);
    setFailure(undefined);
    try {
      await submit({ name: name.trim(), sharedRole: share === PRIVATE ? null : (Number(share) as Role) });
    } catch (error) {
      const nameError = isApiError(error) ? error.errors?.name : undefined;
      if (nameError) form.setFields([{ name: 'name', errors: [isApiError(error) ? error.message : String(nameError)] }]);
      else setFailure(error instanceof Error ? error.message : t('errors.generic'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={pending}
      okButtonProps={{ id: 'save-view-submit' }}
      destroyOnHidden
    >
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={(values) => void finish(values)}>
        <Form.Item
          name="name"
          label={t('views.name')}
          rules={[{ required: true, whitespace: true, message: t('generic.required', { field: t('views.name') }) }]}
        >
          <Input maxLength={VIEW_NAME_MAX} autoFocus data-testid="save-view-name" />
        </Form.Item>
        <Form.Item name="share" label={t('views.share')} extra={t('views.shareHint')}>
          <Select
            data-testid="save-view-share"
            options={[
              { value: PRIVATE, label: t('views.shareNone') },
              // The least powerful role first: sharing with Users is sharing with everyone.
              ...ROLES.toReversed().map((role) => ({ value: String(role), label: t(ROLE_LABEL_KEYS[role]) })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
