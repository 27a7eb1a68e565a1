import { describe, expect, it } from 'vitest';
import { canAccess, isRole } from '../../../../common/access';
import { RESOURCES } from '../../../../common/resources/registry';
import type { ResourceAction, ResourceDefinition, Role } from '../../../../common/resources/types';

const ACTIONS: ResourceAction[] = ['list', 'show', 'create', 'edit', 'delete'];
const ROLES: Role[] = [0, 1, 2];

// The least powerful role allowed per seed resource, written out by hand so a
// change to a seed resource's file shows up here as a deliberate diff. Resources added
// since need no line here (README "Adding a resource"): docs/role-matrix.md pins theirs.
const LIST_MIN_ROLE: Record<string, Role> = {
  'kyc-upload': 2,
  'kyc-documents': 2,
  announcements: 2,
  'news-feeds': 2,
  companies: 2,
  videos: 2,
  'create-videos': 2,
  templates: 2,
  plugins: 2,
  rules: 2,
  'finview-settings': 1,
  reports: 2,
  users: 1,
  enterprises: 0,
  'audit-log': 1,
};

describe('canAccess: the full matrix of the seed resources', () => {
  it('covers every seed resource, still registered', () => {
    expect(RESOURCES.map((definition) => definition.name)).toEqual(expect.arrayContaining(Object.keys(LIST_MIN_ROLE)));
  });

  for (const definition of RESOURCES) {
    for (const action of ACTIONS) {
      for (const role of ROLES) {
        const needed = definition.actionRoles?.[action] ?? definition.minRole;
        const expected = definition.actions.includes(action) && role <= needed;
        it(`${definition.name} ${action} role ${role} → ${expected}`, () => {
          expect(canAccess(role, { resource: definition.name, action })).toBe(expected);
        });
      }
    }
  }

  it.each(Object.entries(LIST_MIN_ROLE))('%s lists for roles up to %i', (resource, minRole) => {
    expect(ROLES.filter((role) => canAccess(role, { resource, action: 'list' }))).toEqual(
      ROLES.filter((role) => role <= minRole),
    );
  });
});

describe('canAccess rules', () => {
  const sample: ResourceDefinition = {
    name: 'sample',
    area: 'admin',
    route: 'admin/g/p',
    labelKey: 'resources.sample',
    icon: 'UserOutlined',
    minRole: 2,
    actionRoles: { delete: 0, edit: 1 },
    actions: ['list', 'show', 'edit', 'delete'],
  };

  it.each<[Role, ResourceAction, boolean]>([
    [2, 'list', true],
    [2, 'show', true],
    [2, 'edit', false],
    [1, 'edit', true],
    [1, 'delete', false],
    [0, 'delete', true],
    [0, 'create', false],
  ])('role %i %s → %s (per-action overrides, undeclared actions refused)', (role, action, expected) => {
    expect(canAccess(role, { resource: 'sample', action }, [sample])).toBe(expected);
  });

  it('refuses anonymous callers and unknown resources', () => {
    expect(canAccess(null, { resource: 'videos', action: 'list' })).toBe(false);
    expect(canAccess(undefined, { resource: 'videos', action: 'list' })).toBe(false);
    expect(canAccess(3 as Role, { resource: 'videos', action: 'list' })).toBe(false);
    expect(canAccess(0, { resource: 'no-such-resource', action: 'list' })).toBe(false);
  });

  it('isRole accepts exactly 0, 1 and 2', () => {
    expect([0, 1, 2, 3, -1, '0', null, undefined, 1.5].map(isRole)).toEqual([
      true, true, true, false, false, false, false, false, false,
    ]);
  });
});
