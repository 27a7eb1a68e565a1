import type { AreaDefinition } from './types';

// The areas of SPEC.md section 2, by the slug config/app.json's menu and dashboard name;
// each area's menu page lives at /{value}.
export const AREAS: readonly AreaDefinition[] = [
  { value: 'kyc-management', labelKey: 'areas.kyc', icon: 'IdcardOutlined' },
  { value: 'announcements', labelKey: 'areas.announcements', icon: 'NotificationOutlined' },
  { value: 'news-management', labelKey: 'areas.news', icon: 'ReadOutlined' },
  { value: 'finview', labelKey: 'areas.finview', icon: 'VideoCameraOutlined' },
  { value: 'admin', labelKey: 'areas.admin', icon: 'SettingOutlined' },
];
