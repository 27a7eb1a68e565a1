import { useCustom, useCustomMutation, type BaseRecord } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../providers';
import { useEndpointPath } from '../../registry/resource-urls';
import type { Role } from '../../../common/resources/types';
import type { UserStatus } from '../../../common/domains/admin/user-rules';

// The admin endpoints that are not plain CRUD, as the user pages call them.

export interface AdminUser extends BaseRecord {
  id: string;
  username: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  enterpriseId: string | null;
  enterpriseName: string | null;
}

export interface EnterpriseOption {
  id: string;
  name: string;
  mailDomain: string;
  isBank: boolean;
}

export type UserCommand = 'approve' | 'disable' | 'enable' | 'reset-password';

/** The active enterprises a user may join, with each bank's mail domain. */
export function useEnterpriseOptions(): EnterpriseOption[] {
  const { result } = useCustom<EnterpriseOption[]>({ url: `${useEndpointPath('users')}/enterprise-options`, method: 'get' });
  return Array.isArray(result?.data) ? result.data : [];
}

/** approve / disable / enable / reset-password on one user; the server's message is the toast. */
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
