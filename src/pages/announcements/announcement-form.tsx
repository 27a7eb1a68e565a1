import { useList } from '@refinedev/core';
import { Checkbox, DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AnnouncementInput, CompanyRef } from '../../../common/domains/announcements/model';
import { CompanyPicker } from './company-picker';

// The fields of a manual announcement and of an edit (`AnnouncementInput`). The server checks
// them again and answers field reasons, which the form shows under each field.

export interface AnnouncementValues {
  subject: string;
  summary?: string;
  companyId?: number | null;
  companyName?: string;
  categoryId?: number | null;
  critical?: boolean;
  material?: boolean;
  disseminatedAt?: Dayjs | null;
}

export function inputOf(values: AnnouncementValues): AnnouncementInput {
  return {
    subject: values.subject?.trim() ?? '',
    summary: values.summary ?? '',
    companyId: values.companyId ?? null,
    ...(values.companyName?.trim() ? { companyName: values.companyName.trim() } : {}),
    categoryId: values.categoryId ?? null,
    critical: values.critical ?? false,
    material: values.material ?? false,
    ...(values.disseminatedAt ? { disseminatedAt: values.disseminatedAt.toISOString() } : {}),
  };
}

interface Category {
  id: number;
  name: string;
  isActive: boolean;
}

/** Active categories for pickers and filters (the taxonomy is small: one page). */
export function useCategories() {
  const { result } = useList<Category>({
    resource: 'announcement-categories',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    sorters: [{ field: 'name', order: 'asc' }],
    errorNotification: false,
  });
  return (result?.data ?? []).filter((category) => category.isActive !== false);
}

export function AnnouncementFields({ form, creating, company }: { form: FormInstance<AnnouncementValues>; creating: boolean; company?: CompanyRef | null }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const companyId = Form.useWatch('companyId', form);
  return (
    <>
      <Form.Item name="subject" label={t('announcements.fields.subject')} rules={[{ required: true, whitespace: true, message: t('announcements.fields.subjectRequired') }, { max: 500 }]}>
        <Input maxLength={500} autoFocus data-testid="announcement-field-subject" />
      </Form.Item>
      <Form.Item name="summary" label={t('announcements.fields.summary')} rules={[{ max: 10_000 }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={10_000} data-testid="announcement-field-summary" />
      </Form.Item>
      <Form.Item name="companyId" label={t('announcements.fields.company')}>
        <CompanyPicker known={company} placeholder={t('announcements.fields.companyPlaceholder')} data-testid="announcement-field-company" />
      </Form.Item>
      {creating && !companyId ? (
        <Form.Item name="companyName" label={t('announcements.fields.companyName')} rules={[{ max: 300 }]}>
          <Input maxLength={300} />
        </Form.Item>
      ) : null}
      <Form.Item name="categoryId" label={t('announcements.fields.category')}>
        <Select allowClear placeholder={t('announcements.fields.categoryPlaceholder')} options={categories.map((category) => ({ value: category.id, label: category.name }))} data-testid="announcement-field-category" />
      </Form.Item>
      {creating ? (
        <Form.Item name="disseminatedAt" label={t('announcements.fields.disseminatedAt')} extra={t('announcements.fields.disseminatedAtHelp')}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
      <Form.Item name="critical" valuePropName="checked" style={{ marginBlockEnd: 4 }}>
        <Checkbox data-testid="announcement-field-critical">{t('announcements.flags.critical')}</Checkbox>
      </Form.Item>
      <Form.Item name="material" valuePropName="checked">
        <Checkbox data-testid="announcement-field-material">{t('announcements.flags.material')}</Checkbox>
      </Form.Item>
    </>
  );
}
