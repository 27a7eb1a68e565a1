import type { PanelComponent } from '../pages/generic/panels';
import { OutputPanel } from '../pages/finview/videos/output-panel';
import { TemplateVersionsPanel } from '../pages/finview/templates/template-versions-panel';
import { PluginPanel } from '../pages/finview/plugins/plugin-panel';
import { KycReviewPanel, KycSubjectDocumentsPanel } from '../pages/kyc/kyc-review-panel';
import { AuditChangePanel } from '../pages/admin/audit-change-panel';
import { FeedRunReportPanel } from '../pages/announcements/feeds/run-report-panel';
import { NewsDetailsPanel } from '../pages/news/news-details-panel';

/**
 * Panels an area adds under a show page's fields, by the name a definition's `panels` gives,
 * as AREA_CELLS (cells.ts) names cells: the generic show page reads this map and knows no area.
 */
export const AREA_PANELS: Record<string, PanelComponent> = {
  'finview-output': OutputPanel,
  'finview-template-versions': TemplateVersionsPanel,
  'finview-plugin-data': PluginPanel,
  'kyc-review': KycReviewPanel,
  'kyc-subject-documents': KycSubjectDocumentsPanel,
  'audit-change': AuditChangePanel,
  'feed-run-report': FeedRunReportPanel,
  'news-details': NewsDetailsPanel,
};
