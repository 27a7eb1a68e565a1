import type { ResourceDefinition } from './types';
import { NOTICE_SEVERITIES } from '../domains/announcements/model';

// Staff notices: a short announcement Admins write for colleagues, shown to every role on the
// dashboard from its start until it expires (docs/announcements.md "Staff notices"). Served
// by the generic module from migration 017's table.
export const staffNotices: ResourceDefinition = {
  name: 'staff-notices',
  area: 'announcements',
  route: 'announcements/notices',
  labelKey: 'resources.staff-notices',
  icon: 'SoundOutlined',
  minRole: 2,
  actionRoles: { create: 1, edit: 1, delete: 1 },
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  endpoint: 'be-api-management/announcements/notices',
  storage: { table: 'staff_notices', search: ['title', 'body'], defaultSort: 'expiresAt:desc', auditEntity: 'staff_notice' },
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    { name: 'title', type: 'text', labelKey: 'staffNotices.fields.title', required: true, maxLength: 120, rule: 'notBlank', list: { sortable: true, filter: 'text' } },
    { name: 'body', type: 'textarea', labelKey: 'staffNotices.fields.body', maxLength: 2000, default: '', views: ['show', 'form'] },
    {
      name: 'severity',
      type: 'select',
      labelKey: 'staffNotices.fields.severity',
      required: true,
      default: 'info',
      options: NOTICE_SEVERITIES.map((value) => ({ value, labelKey: `staffNotices.severity.${value}` })),
      list: { sortable: true, filter: 'select', width: 130 },
    },
    { name: 'startsAt', type: 'datetime', labelKey: 'staffNotices.fields.startsAt', required: true, list: { sortable: true, width: 190 } },
    { name: 'expiresAt', type: 'datetime', labelKey: 'staffNotices.fields.expiresAt', required: true, notBefore: 'startsAt', list: { sortable: true, width: 190 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'staffNotices.fields.updatedAt', readOnly: true, views: ['show'] },
  ],
};
