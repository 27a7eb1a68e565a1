import type { AccessControlProvider } from '@refinedev/core';
import { canAccess } from '../../common/access';
import type { ResourceAction, ResourceDefinition } from '../../common/resources/types';
import type { Translate } from './http-client';
import type { SessionStore } from './session-store';

export interface AccessControlOptions {
  session: SessionStore;
  definitions: readonly ResourceDefinition[];
  translate: Translate;
}

// Refine asks with its own action names; a clone is a create as far as roles go.
const ACTIONS: Record<string, ResourceAction> = {
  list: 'list',
  show: 'show',
  create: 'create',
  clone: 'create',
  edit: 'edit',
  delete: 'delete',
};

/**
 * A local lookup with the same rule the server's route guard uses: no request
 * per menu item or table row, and the menu can never disagree with the API.
 */
export function createAccessControlProvider({
  session,
  definitions,
  translate: t,
}: AccessControlOptions): AccessControlProvider {
  return {
    async can({ resource, action }) {
      // Pages that belong to no resource (dashboard, change password) only need a session.
      if (!resource) return { can: session.currentUser() !== null };
      const mapped = ACTIONS[action];
      const role = session.currentUser()?.role;
      const can = mapped !== undefined && canAccess(role, { resource, action: mapped }, definitions);
      return can ? { can } : { can, reason: t('pages.forbidden.description') };
    },
    options: {
      // Buttons a role may not use are hidden rather than greyed out: there is nothing to explain.
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // The answer depends on who is logged in, so it must not outlive the screen that asked.
      queryOptions: { staleTime: 0, gcTime: 0 },
    },
  };
}
