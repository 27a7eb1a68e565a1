import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../domains/admin/model';
import type { ResourceDefinition } from './types';

// Read only: records are written by the services, in the transaction of each change. On the
// generic list: the filters go as `?{field}=` (the `at` range as `from,to`, UTC days), the
// change before and after is the named panel under an expanded row, and past 10,000 matching
// records the total is "at least" (x-total-capped).
export const auditLog: ResourceDefinition = {
  name: 'audit-log',
  area: 'admin',
  route: 'admin/audit/audit-log',
  labelKey: 'admin.auditLog.title',
  icon: 'FileTextOutlined',
  minRole: 1,
  actions: ['list'],
  endpoint: 'be-api-management/admin/audit-log',
  fields: [
    { name: 'at', type: 'datetime', labelKey: 'admin.auditLog.at', readOnly: true, list: { sortable: true, filter: 'dateRange', cell: 'audit-at' } },
    { name: 'actorUsername', type: 'text', labelKey: 'admin.auditLog.actor', readOnly: true, list: { sortable: true, filter: 'text', cell: 'audit-actor' } },
    {
      name: 'entity',
      type: 'select',
      labelKey: 'admin.auditLog.entity',
      readOnly: true,
      options: AUDIT_ENTITIES.map((value) => ({ value, labelKey: `admin.auditLog.entities.${value}` })),
      list: { sortable: true, filter: 'select' },
    },
    { name: 'entityId', type: 'text', labelKey: 'admin.auditLog.entityId', readOnly: true, list: { filter: 'text', cell: 'audit-entity-id' } },
    {
      name: 'action',
      type: 'select',
      labelKey: 'admin.auditLog.action',
      readOnly: true,
      options: AUDIT_ACTIONS.map((value) => ({ value, labelKey: `admin.auditLog.actions.${value}` })),
      list: { sortable: true, filter: 'select', cell: 'audit-action' },
    },
  ],
  list: { expand: 'audit-change', export: true },
};
