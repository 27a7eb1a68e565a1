import { useGetIdentity, usePermissions } from '@refinedev/core';
import { isRole } from '../../common/access';
import type { Role } from '../../common/resources/types';
import type { Identity } from './auth-provider';

/** The logged-in role, or null while it loads or when nobody is logged in. */
export function useRole(): Role | null {
  const { data } = usePermissions<Role | null>({});
  return isRole(data) ? data : null;
}

export function useIdentity(): Identity | null {
  const { data } = useGetIdentity<Identity | null>();
  return data ?? null;
}
