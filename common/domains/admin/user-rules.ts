import type { Role } from '../../resources/types';
import type { UserStatus } from './model';

// Rules that depend on the row being changed, beside canAccess (which only knows
// the caller's role and the resource). The server's admin service enforces them;
// the client's user form uses the same functions to hide what would be refused.

export interface UserState {
  role: Role;
  status: UserStatus;
}

export interface MailDomainOwner {
  isBank: boolean;
  mailDomain: string;
}

export type UserRuleRefusal =
  | { kind: 'forbidden'; reason: 'superAdminOnly' | 'notAnAdmin' }
  | { kind: 'invalid'; field: 'role' | 'status'; reason: 'lastSuperAdmin' };

/** Roles a caller may give: a Super Admin any, an Admin only Admin or User, a User none. */
export function assignableRoles(actor: Role): Role[] {
  if (actor === 0) return [0, 1, 2];
  if (actor === 1) return [1, 2];
  return [];
}

/** Whether a caller may change a user at all: an Admin never touches a Super Admin. */
export function canManageUser(actor: Role, target: Pick<UserState, 'role'>): boolean {
  if (actor === 0) return true;
  return actor === 1 && target.role !== 0;
}

/**
 * Checks one change of a user (`before` null for a new one). `activeSuperAdmins`
 * counts the active Super Admins before the change, the target included.
 * Null when allowed.
 */
export function checkUserChange(
  actor: { id: string; role: Role },
  target: { id: string | null; before: UserState | null; after: UserState },
  activeSuperAdmins: number,
): UserRuleRefusal | null {
  const { before, after } = target;
  if (actor.role > 1) return { kind: 'forbidden', reason: 'notAnAdmin' };
  if (before && !canManageUser(actor.role, before)) return { kind: 'forbidden', reason: 'superAdminOnly' };
  if ((!before || before.role !== after.role) && !assignableRoles(actor.role).includes(after.role)) {
    return { kind: 'forbidden', reason: 'superAdminOnly' };
  }
  const wasLiveSuperAdmin = before?.role === 0 && before.status === 'active';
  const staysLiveSuperAdmin = after.role === 0 && after.status === 'active';
  if (wasLiveSuperAdmin && !staysLiveSuperAdmin && activeSuperAdmins <= 1) {
    return { kind: 'invalid', field: after.role !== 0 ? 'role' : 'status', reason: 'lastSuperAdmin' };
  }
  return null;
}

/** `local@domain` split at the last `@`; domain lowercased. */
export function splitEmail(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf('@');
  if (at < 0) return { local: email, domain: '' };
  return { local: email.slice(0, at), domain: email.slice(at + 1).toLowerCase() };
}

/** The domain a user form fixes (bank) or proposes (anything else: the configured default). */
export function mailDomainFor(enterprise: MailDomainOwner | null | undefined, defaultDomain: string): {
  domain: string;
  fixed: boolean;
} {
  if (enterprise?.isBank) return { domain: enterprise.mailDomain.toLowerCase(), fixed: true };
  return { domain: defaultDomain.toLowerCase(), fixed: false };
}

/** A bank's users must have an address in its domain; any other enterprise accepts any address. */
export function emailAllowedFor(email: string, enterprise: MailDomainOwner | null | undefined): boolean {
  if (!enterprise?.isBank) return true;
  return splitEmail(email).domain === enterprise.mailDomain.toLowerCase();
}
