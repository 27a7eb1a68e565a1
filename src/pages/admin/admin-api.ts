import { useCustom, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../providers';
import { useEndpointPath } from '../../registry/resource-urls';
import type { AdminUserAnswer as AdminUser, EnterpriseOptionAnswer as EnterpriseOption } from '../../../common/domains/admin/schemas';

// The admin endpoints that are not plain CRUD, as the user pages call them. The answers'
// shapes are the server's own (common/domains/admin/schemas.ts), under the names the pages use.
// Approve, disable and enable are the users workflow's transitions (the generic pages call them).

export type { AdminUser, EnterpriseOption };

export type UserCommand = 'reset-password';

/** The active enterprises a user may join, with each bank's mail domain. */
export function useEnterpriseOptions(): EnterpriseOption[] {
  const { result } = useCustom<EnterpriseOption[]>({ url: `${useEndpointPath('users')}/enterprise-options`, method: 'get' });
  return Array.isArray(result?.data) ? result.data : [];
}

/** reset-password on one user; the server's message is the toast. */
export function useUserCommand() {
  const { mutate, mutation } = useCustomMutation<{ message: string }>();
  const { t } = useTranslation();
  const usersEndpoint = useEndpointPath('users');
  return {
    pending: mutation.isPending,
    run(command: UserCommand, user: AdminUser, onDone?: () => void) {
      mutate(
        {
          url: `${usersEndpoint}/${encodeURIComponent(user.id)}/${command}`,
          method: 'post',
          values: {},
          successNotification: (data) => ({ type: 'success', message: serverMessageOf(data?.data, t) ?? '' }),
        },
        { onSuccess: () => onDone?.() },
      );
    },
  };
}
