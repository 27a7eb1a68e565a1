import type { ResourceDefinition } from './types';

// Exchange disclosures and manual announcements: the review queue with live updates, soft
// locks and keyboard triage (docs/announcements.md). Decisions are every role's work; the
// taxonomy and the feeds are Admins'.
export const announcements: ResourceDefinition = {
  name: 'announcements',
  area: 'announcements',
  route: 'announcements',
  endpoint: 'be-api-management/announcements',
  page: 'announcements-review',
  labelKey: 'resources.announcements',
  icon: 'NotificationOutlined',
  minRole: 2,
  actions: ['list', 'show', 'create', 'edit'],
};
