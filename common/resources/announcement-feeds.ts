import type { ResourceDefinition } from './types';

// The BSE and NSE feeds a scheduled job reads, and their runs (docs/announcements.md "Feeds"):
// every role sees them and what each run found; Admins add, change, delete and run them.
export const announcementFeeds: ResourceDefinition = {
  name: 'announcement-feeds',
  area: 'announcements',
  route: 'announcements/feeds',
  endpoint: 'be-api-management/announcements/feeds',
  page: 'announcement-feeds',
  labelKey: 'resources.announcement-feeds',
  icon: 'CloudDownloadOutlined',
  minRole: 2,
  actionRoles: { create: 1, edit: 1, delete: 1 },
  actions: ['list', 'show', 'create', 'edit', 'delete'],
};
