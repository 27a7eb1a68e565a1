// One line per resource: adding a generic resource means adding its file and a line here.
import type { ResourceDefinition } from './types';
import { panCards } from './pan-cards';
import { aadhaarCards } from './aadhaar-cards';
import { signatures } from './signatures';
import { pictures } from './pictures';
import { announcements } from './announcements';
import { newsFeeds } from './news-feeds';
import { companies } from './companies';
import { videos } from './videos';
import { createVideos } from './create-videos';
import { templates } from './templates';
import { plugins } from './plugins';
import { rules } from './rules';
import { finviewSettings } from './finview-settings';
import { reports } from './reports';
import { users } from './users';
import { enterprises } from './enterprises';
import { auditLog } from './audit-log';

export const RESOURCES: readonly ResourceDefinition[] = [
  panCards,
  aadhaarCards,
  signatures,
  pictures,
  announcements,
  newsFeeds,
  companies,
  videos,
  createVideos,
  templates,
  plugins,
  rules,
  finviewSettings,
  reports,
  users,
  enterprises,
  auditLog,
];
