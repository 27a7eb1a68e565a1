import type { RowActionComponent } from '../pages/generic/row-actions';
import { RuleRunNowAction } from '../pages/finview/rules/rule-actions';
import { KycClaimAction } from '../pages/kyc/kyc-claim-action';
import { ResetPasswordAction } from '../pages/admin/reset-password-action';
import { FeedRunNowAction } from '../pages/announcements/feeds/run-now-action';

/**
 * Actions a definition's `rowActions` names, by key, as HEADER_ACTIONS names header buttons:
 * what a record offers besides its workflow's transitions and plain CRUD (a user's password
 * reset, a feed's "run now"). The generic list and show page read this map and know no area.
 */
export const ROW_ACTIONS: Record<string, RowActionComponent> = {
  'finview-rule-run-now': RuleRunNowAction,
  'kyc-claim': KycClaimAction,
  'user-reset-password': ResetPasswordAction,
  'feed-run-now': FeedRunNowAction,
};
