// One line per resource: adding a generic resource means adding its file and a line here.
import type { ResourceDefinition } from './types';
import { withAuditVocabulary } from './audit-vocabulary';
import { kycUpload } from './kyc-upload';
import { kycDocuments } from './kyc-documents';
import { kycSubjects } from './kyc-subjects';
import { kycSettings } from './kyc-settings';
import { announcements } from './announcements';
import { announcementCategories } from './announcement-categories';
import { announcementFeeds } from './announcement-feeds';
import { staffNotices } from './staff-notices';
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
import { dataCorrections } from './data-corrections';

// The audit log's filters take the other definitions' entities and transitions (audit-vocabulary.ts).
export const RESOURCES: readonly ResourceDefinition[] = withAuditVocabulary([
  kycUpload,
  kycDocuments,
  kycSubjects,
  kycSettings,
  announcements,
  announcementCategories,
  announcementFeeds,
  staffNotices,
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
  dataCorrections,
]);
