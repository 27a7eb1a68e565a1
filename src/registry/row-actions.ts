import type { RowActionProps } from '../pages/generic/row-actions';
import { lazyPieces } from './lazy-piece';

/**
 * Actions a definition's `rowActions` names, by key, as HEADER_ACTIONS names header buttons:
 * what a record offers besides its workflow's transitions and plain CRUD (a user's password
 * reset, a feed's "run now"). The generic list and show page read this map and know no area;
 * each loads its area's code when a resource that names it is shown (lazy-piece.tsx).
 */
export const ROW_ACTIONS = lazyPieces<RowActionProps>({
  'finview-rule-run-now': () => import('../pages/finview/rules/rule-actions').then((m) => m.RuleRunNowAction),
  'kyc-claim': () => import('../pages/kyc/kyc-claim-action').then((m) => m.KycClaimAction),
  'user-reset-password': () => import('../pages/admin/reset-password-action').then((m) => m.ResetPasswordAction),
  'feed-run-now': () => import('../pages/announcements/feeds/run-now-action').then((m) => m.FeedRunNowAction),
  'announcement-merge': () => import('../pages/announcements/announcement-row-actions').then((m) => m.MergeAction),
  'announcement-separate': () => import('../pages/announcements/announcement-row-actions').then((m) => m.SeparateAction),
  'announcement-company': () => import('../pages/announcements/announcement-row-actions').then((m) => m.CompanyAction),
});
