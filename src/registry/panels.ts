import type { PanelProps } from '../pages/generic/panels';
import { lazyPieces } from './lazy-piece';

/**
 * Panels an area adds under a show page's fields, by the name a definition's `panels` gives,
 * as AREA_CELLS (cells.ts) names cells: the generic show page reads this map and knows no area.
 * Each loads its area's code when a record that names it is shown (lazy-piece.tsx).
 */
export const AREA_PANELS = lazyPieces<PanelProps>({
  'finview-output': () => import('../pages/finview/videos/output-panel').then((m) => m.OutputPanel),
  'finview-template-versions': () => import('../pages/finview/templates/template-versions-panel').then((m) => m.TemplateVersionsPanel),
  'finview-plugin-data': () => import('../pages/finview/plugins/plugin-panel').then((m) => m.PluginPanel),
  'kyc-review': () => import('../pages/kyc/kyc-review-panel').then((m) => m.KycReviewPanel),
  'kyc-subject-documents': () => import('../pages/kyc/kyc-review-panel').then((m) => m.KycSubjectDocumentsPanel),
  'audit-change': () => import('../pages/admin/audit-change-panel').then((m) => m.AuditChangePanel),
  'feed-run-report': () => import('../pages/announcements/feeds/run-report-panel').then((m) => m.FeedRunReportPanel),
  'news-details': () => import('../pages/news/news-details-panel').then((m) => m.NewsDetailsPanel),
  'announcement-lock': () => import('../pages/announcements/announcement-panels').then((m) => m.AnnouncementLockPanel),
  'announcement-review': () => import('../pages/announcements/announcement-panels').then((m) => m.AnnouncementReviewPanel),
});
