import type { CellProps } from '../pages/generic/cells/registry';
import { CellFallback } from '../pages/generic/cells/cell-fallback';
import { lazyPieces } from './lazy-piece';

/**
 * Cells an area adds, by the name its definitions' columns give (`list: { cell: 'kyc-mask' }`),
 * as HEADER_ACTIONS (header-actions.ts) names buttons: the generic pages read this map, so they
 * know no area. Each loads its area's code when a list that names it is shown (lazy-piece.tsx).
 * One line per cell: `'kyc-mask': () => import('../pages/kyc/kyc-cells').then((m) => m.KycMaskCell)`.
 */
export const AREA_CELLS = lazyPieces<CellProps>(
  {
    'admin-enterprise': () => import('../pages/admin/enterprise-cell').then((m) => m.EnterpriseCell),
    'audit-at': () => import('../pages/admin/audit-cells').then((m) => m.AuditAtCell),
    'audit-actor': () => import('../pages/admin/audit-cells').then((m) => m.AuditActorCell),
    'audit-entity-id': () => import('../pages/admin/audit-cells').then((m) => m.AuditEntityIdCell),
    'audit-action': () => import('../pages/admin/audit-cells').then((m) => m.AuditActionCell),
    'finview-poster': () => import('../pages/finview/videos/output-cells').then((m) => m.PosterCell),
    'finview-output-status': () => import('../pages/finview/videos/output-cells').then((m) => m.OutputStatusCell),
    'finview-origin': () => import('../pages/finview/videos/output-cells').then((m) => m.OriginCell),
    'finview-duration': () => import('../pages/finview/videos/output-cells').then((m) => m.DurationCell),
    'finview-size': () => import('../pages/finview/videos/output-cells').then((m) => m.SizeCell),
    'finview-plugin-name': () => import('../pages/finview/plugins/plugin-cells').then((m) => m.PluginNameCell),
    'finview-plugin-switch': () => import('../pages/finview/plugins/plugin-cells').then((m) => m.PluginSwitchCell),
    'finview-plugin-available': () => import('../pages/finview/plugins/plugin-cells').then((m) => m.PluginAvailableCell),
    'finview-plugin-fits': () => import('../pages/finview/plugins/plugin-cells').then((m) => m.PluginFitsCell),
    'finview-version': () => import('../pages/finview/templates/template-cells').then((m) => m.TemplateVersionCell),
    'finview-rule-trigger': () => import('../pages/finview/rules/rule-cells').then((m) => m.RuleTriggerCell),
    'finview-rule-outputs': () => import('../pages/finview/rules/rule-cells').then((m) => m.RuleOutputsCell),
    'feed-schedule': () => import('../pages/announcements/feeds/feed-cells').then((m) => m.FeedScheduleCell),
    'feed-last-result': () => import('../pages/announcements/feeds/feed-cells').then((m) => m.FeedLastResultCell),
    'news-company': () => import('../pages/news/news-cells').then((m) => m.NewsCompanyCell),
    'news-headline': () => import('../pages/news/news-cells').then((m) => m.NewsHeadlineCell),
    'announcement-age': () => import('../pages/announcements/announcement-cells').then((m) => m.AnnouncementAgeCell),
    'announcement-source': () => import('../pages/announcements/announcement-cells').then((m) => m.AnnouncementSourceCell),
    'announcement-company': () => import('../pages/announcements/announcement-cells').then((m) => m.AnnouncementCompanyCell),
    'announcement-subject': () => import('../pages/announcements/announcement-cells').then((m) => m.AnnouncementSubjectCell),
    'announcement-group': () => import('../pages/announcements/announcement-cells').then((m) => m.AnnouncementGroupCell),
    'announcement-tags': () => import('../pages/announcements/announcement-cells').then((m) => m.AnnouncementTagsCell),
    'announcement-lock': () => import('../pages/announcements/announcement-cells').then((m) => m.AnnouncementLockCell),
  },
  CellFallback,
);
