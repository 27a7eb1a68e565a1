import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../providers';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model';
import { errorText } from '../../components/error-text';
import { useToast } from '../../components/toasts';
import { AnnouncementFields, inputOf, type AnnouncementValues } from './announcement-form';
import { useAnnouncementsApi } from './announcements-api';

const FIELDS = ['subject', 'summary', 'companyId', 'companyName', 'categoryId', 'disseminatedAt', 'critical', 'material'] as const;

/** "New announcement": a manual one, straight into the review queue. */
export function CreateAnnouncement({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(detail: AnnouncementDetail): void }) {
  const { t } = useTranslation();
  const api = useAnnouncementsApi();
  const toast = useToast();
  const [form] = Form.useForm<AnnouncementValues>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: AnnouncementValues) => {
    setBusy(true);
    try {
      const detail = await api.create(inputOf(values));
      toast('success', 'announcement-create', t('server.announcementCreated'));
      form.resetFields();
      onCreated(detail);
    } catch (error) {
      form.setFields(fieldErrorsOf(error, FIELDS) as never);
      toast('error', 'announcement-create', errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('announcements.create.title')}
      okText={t('announcements.create.submit')}
      cancelText={t('announcements.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'announcement-create-submit' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ critical: false, material: false }} data-testid="announcement-create-form">
        <AnnouncementFields form={form} creating />
      </Form>
    </Modal>
  );
}
