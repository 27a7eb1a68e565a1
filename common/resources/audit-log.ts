import type { ResourceDefinition } from './types';

// Read only: records are written by the services, in the transaction of each change.
export const auditLog: ResourceDefinition = {
  name: 'audit-log',
  area: 'admin',
  route: 'admin/audit/audit-log',
  labelKey: 'admin.auditLog.title',
  icon: 'FileTextOutlined',
  minRole: 1,
  actions: ['list'],
  endpoint: 'be-api-management/admin/audit-log',
  page: 'audit-log',
};
