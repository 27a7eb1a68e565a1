import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPRESS_REASONS, type SuppressReason } from '../../../common/domains/announcements/model';

// The two decisions that need a reason: suppress (duplicate or irrelevant) and retract (words,
// kept with the row and shown to whoever reads it later).

export type ReasonDialog = { kind: 'suppress' } | { kind: 'retract' } | null;

export function ReasonDialogs({
  dialog,
  busy,
  onClose,
  onSuppress,
  onRetract,
}: {
  dialog: ReasonDialog;
  busy: boolean;
  onClose(): void;
  onSuppress(reason: SuppressReason): void;
  onRetract(reason: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ suppress: SuppressReason; retract: string }>();
  useEffect(() => {
    if (dialog) form.resetFields();
  }, [dialog, form]);
  const finish = (values: { suppress?: SuppressReason; retract?: string }) => {
    if (dialog?.kind === 'suppress' && values.suppress) onSuppress(values.suppress);
    if (dialog?.kind === 'retract' && values.retract?.trim()) onRetract(values.retract.trim());
  };
  return (
    <Modal
      open={dialog !== null}
      title={dialog?.kind === 'retract' ? t('announcements.retract.title') : t('announcements.suppress.title')}
      okText={dialog?.kind === 'retract' ? t('announcements.actions.retract') : t('announcements.actions.suppress')}
      cancelText={t('announcements.cancel')}
      okButtonProps={{ danger: dialog?.kind === 'retract', 'data-testid': 'announcement-reason-ok' } as never}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={finish} initialValues={{ suppress: 'irrelevant' }} data-testid="announcement-reason-dialog" data-kind={dialog?.kind}>
        {dialog?.kind === 'suppress' ? (
          // Not `required`: antd would write aria-required on the group's <div> (not allowed there); it always has a value.
          <Form.Item name="suppress" label={t('announcements.suppress.reason')}>
            <Radio.Group>
              {SUPPRESS_REASONS.map((reason) => (
                <Radio key={reason} value={reason} data-testid={`announcement-suppress-${reason}`}>
                  {t(`announcements.suppressReason.${reason}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        ) : null}
        {dialog?.kind === 'retract' ? (
          <Form.Item
            name="retract"
            label={t('announcements.retract.reason')}
            rules={[{ required: true, whitespace: true, message: t('announcements.retract.reasonRequired') }, { max: 500 }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} data-testid="announcement-retract-reason" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
