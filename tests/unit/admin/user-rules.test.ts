import { describe, expect, it } from 'vitest';
import { assignableRoles, canManageUser, checkUserChange, emailAllowedFor, mailDomainFor, splitEmail } from '../../../common/domains/admin/user-rules';
import { expectedAnswer } from '../../../server/src/modules/admin/role-matrix';

const superAdmin = { id: '1', role: 0 as const };
const admin = { id: '2', role: 1 as const };
const user = { id: '3', role: 2 as const };
const active = (role: 0 | 1 | 2) => ({ role, status: 'active' as const });

describe('user rules', () => {
  it('lets a Super Admin give any role, an Admin only Admin or User, a User none', () => {
    expect(assignableRoles(0)).toEqual([0, 1, 2]);
    expect(assignableRoles(1)).toEqual([1, 2]);
    expect(assignableRoles(2)).toEqual([]);
  });

  it('keeps Admins away from Super Admins', () => {
    expect(canManageUser(1, { role: 0 })).toBe(false);
    expect(canManageUser(1, { role: 1 })).toBe(true);
    expect(canManageUser(0, { role: 0 })).toBe(true);
    expect(canManageUser(2, { role: 2 })).toBe(false);
  });

  it('refuses an Admin creating, promoting to or editing a Super Admin', () => {
    expect(checkUserChange(admin, { id: null, before: null, after: active(0) }, 2)).toEqual({ kind: 'forbidden', reason: 'superAdminOnly' });
    expect(checkUserChange(admin, { id: '9', before: active(2), after: active(0) }, 2)).toEqual({ kind: 'forbidden', reason: 'superAdminOnly' });
    expect(checkUserChange(admin, { id: '1', before: active(0), after: active(0) }, 2)).toEqual({ kind: 'forbidden', reason: 'superAdminOnly' });
    expect(checkUserChange(admin, { id: '9', before: active(2), after: active(1) }, 2)).toBeNull();
    expect(checkUserChange(user, { id: '9', before: active(2), after: active(2) }, 2)).toEqual({ kind: 'forbidden', reason: 'notAnAdmin' });
    // Keeping an existing role is not "giving" it.
    expect(checkUserChange(superAdmin, { id: '9', before: active(0), after: { role: 0, status: 'disabled' } }, 2)).toBeNull();
  });

  it('never lets the last active Super Admin be demoted or disabled', () => {
    expect(checkUserChange(superAdmin, { id: '1', before: active(0), after: active(1) }, 1)).toEqual({
      kind: 'invalid',
      field: 'role',
      reason: 'lastSuperAdmin',
    });
    expect(checkUserChange(superAdmin, { id: '1', before: active(0), after: { role: 0, status: 'disabled' } }, 1)).toMatchObject({ field: 'status' });
    expect(checkUserChange(superAdmin, { id: '1', before: active(0), after: active(1) }, 2)).toBeNull();
    // A pending Super Admin is not one of the live ones.
    expect(checkUserChange(superAdmin, { id: '5', before: { role: 0, status: 'pending' }, after: { role: 2, status: 'pending' } }, 1)).toBeNull();
  });

  it("fixes a bank's mail domain and proposes the default elsewhere", () => {
    expect(mailDomainFor({ isBank: true, mailDomain: 'Bank.Example' }, 'backoffice.example')).toEqual({ domain: 'bank.example', fixed: true });
    expect(mailDomainFor({ isBank: false, mailDomain: 'corp.example' }, 'backoffice.example')).toEqual({ domain: 'backoffice.example', fixed: false });
    expect(mailDomainFor(null, 'backoffice.example')).toEqual({ domain: 'backoffice.example', fixed: false });
    expect(emailAllowedFor('a@BANK.example', { isBank: true, mailDomain: 'bank.example' })).toBe(true);
    expect(emailAllowedFor('a@bank.example.evil', { isBank: true, mailDomain: 'bank.example' })).toBe(false);
    expect(emailAllowedFor('a@x.example', { isBank: false, mailDomain: 'bank.example' })).toBe(true);
    expect(splitEmail('first.last@Corp.Example')).toEqual({ local: 'first.last', domain: 'corp.example' });
  });
});

describe('role matrix answers', () => {
  it('follows canAccess for guarded routes, the session for the rest', () => {
    expect(expectedAnswer('anonymous', 'anonymous')).toBe(200);
    expect(expectedAnswer('authenticated', 'anonymous')).toBe(401);
    expect(expectedAnswer('authenticated', 2)).toBe(200);
    expect(expectedAnswer({ resource: 'enterprises', action: 'list' }, 1)).toBe(403);
    expect(expectedAnswer({ resource: 'enterprises', action: 'list' }, 0)).toBe(200);
    expect(expectedAnswer({ resource: 'users', action: 'edit' }, 1)).toBe(200);
    expect(expectedAnswer({ resource: 'audit-log', action: 'list' }, 2)).toBe(403);
    expect(expectedAnswer({ resource: 'finview-settings', action: 'list' }, 2)).toBe(403);
    expect(expectedAnswer({ resource: 'finview-settings', action: 'list' }, 1)).toBe(200);
  });
});
