import type { AreaDefinition } from './types';

export const AREAS: readonly AreaDefinition[] = [
  { key: 'kyc', path: 'kyc', labelKey: 'areas.kyc', icon: 'IdcardOutlined' },
  { key: 'announcements', path: 'announcements', labelKey: 'areas.announcements', icon: 'NotificationOutlined' },
  { key: 'news', path: 'news-management', labelKey: 'areas.news', icon: 'ReadOutlined' },
  { key: 'finview', path: 'finview', labelKey: 'areas.finview', icon: 'VideoCameraOutlined' },
  { key: 'admin', path: 'admin', labelKey: 'areas.admin', icon: 'SettingOutlined' },
];
