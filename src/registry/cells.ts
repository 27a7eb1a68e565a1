import type { CellComponent } from '../pages/generic/cells/registry';
import { FINVIEW_CELLS } from '../pages/finview/finview-cells';
import { EnterpriseCell } from '../pages/admin/enterprise-cell';
import { AuditActionCell, AuditActorCell, AuditAtCell, AuditEntityIdCell } from '../pages/admin/audit-cells';
import { FeedLastResultCell, FeedScheduleCell } from '../pages/announcements/feeds/feed-cells';
import { NewsCompanyCell, NewsHeadlineCell } from '../pages/news/news-cells';

/**
 * Cells an area adds, by the name its definitions' columns give (`list: { cell: 'kyc-mask' }`),
 * as HEADER_ACTIONS (header-actions.ts) names buttons: the generic pages read this map, so they
 * know no area. One line per cell: `'kyc-mask': KycMaskCell`.
 */
export const AREA_CELLS: Record<string, CellComponent> = {
  'admin-enterprise': EnterpriseCell,
  'audit-at': AuditAtCell,
  'audit-actor': AuditActorCell,
  'audit-entity-id': AuditEntityIdCell,
  'audit-action': AuditActionCell,
  ...FINVIEW_CELLS,
  'feed-schedule': FeedScheduleCell,
  'feed-last-result': FeedLastResultCell,
  'news-company': NewsCompanyCell,
  'news-headline': NewsHeadlineCell,
};
