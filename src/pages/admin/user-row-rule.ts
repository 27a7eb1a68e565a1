import type { BaseRecord } from '@refinedev/core';
import { isRole } from '../../../common/access';
import { canManageUser } from '../../../common/domains/admin/user-rules';
import type { RowRule } from '../../registry/row-rules';

// The users list's rows as the admin module's store judges them (users-transition-store.ts):
// an Admin is offered nothing on a Super Admin's row, and disabling one's own account says
// plainly that it signs one out.

export const USER_ROW_RULE: RowRule = {
  actsOn: (record: BaseRecord, caller) => isRole(caller.role) && isRole(record.role) && canManageUser(caller.role, { role: record.role }),
  confirmKey: (transition, record, caller) => {
    if (transition.name !== 'disable') return undefined;
    return caller.userId !== null && String(record.id) === caller.userId ? 'admin.users.disableSelfConfirm' : 'admin.users.disableConfirm';
  },
};
