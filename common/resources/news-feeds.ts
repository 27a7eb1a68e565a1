import type { ResourceDefinition } from './types';

export const newsFeeds: ResourceDefinition = {
  name: 'news-feeds',
  area: 'news-management',
  route: 'news-management/news/news-feeds',
  labelKey: 'resources.news-feeds',
  icon: 'ReadOutlined',
  minRole: 2,
  // edit = change the status of one or many items.
  actions: ['list', 'show', 'edit'],
  endpoint: 'be-api-management/news/news',
  page: 'news-feeds',
};
