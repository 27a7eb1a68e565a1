import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../../common/config/schema';
import { checkAppConfig } from '../../../../common/config/validate';
import { AREAS } from '../../../../common/resources/areas';
import { buildRegistry, dashboardForRole, menuForRole } from '../../../../common/resources/generate';
import { RESOURCES } from '../../../../common/resources/registry';
import type { Role } from '../../../../common/resources/types';

function seedConfig(): AppConfig {
  const check = checkAppConfig(JSON.parse(readFileSync('config/app.json', 'utf8')));
  if (!check.ok) throw new Error(`config/app.json is invalid: ${check.problems.join('; ')}`);
  return check.config;
}

const withMenu = (config: AppConfig, value: string, isActive: boolean): AppConfig => ({
  ...config,
  menu: config.menu.map((entry) => (entry.value === value ? { ...entry, isActive } : entry)),
});
const withModule = (config: AppConfig, name: string, isEnabled: boolean): AppConfig => ({
  ...config,
  modules: config.modules.map((entry) => (entry.name === name ? { ...entry, isEnabled } : entry)),
});
const menuKeys = (menu: ReturnType<typeof menuForRole>) =>
  Object.fromEntries(menu.map((area) => [area.key, area.items.map((item) => item.key)]));

describe('buildRegistry with the seed config', () => {
  const registry = buildRegistry(seedConfig());

  it('generates exactly these routes', () => {
    expect(registry.routes).toEqual([
      { path: '/finview/videos', resource: 'videos', action: 'list', page: 'generic-list' },
      { path: '/finview/videos/show/:id', resource: 'videos', action: 'show', page: 'generic-show' },
      { path: '/finview/createvideos', resource: 'create-videos', action: 'list', page: 'finview-create' },
      { path: '/finview/createvideos/create', resource: 'create-videos', action: 'create', page: 'finview-create' },
      { path: '/finview/templates', resource: 'templates', action: 'list', page: 'generic-list' },
      { path: '/finview/templates/create', resource: 'templates', action: 'create', page: 'finview-template-new' },
      { path: '/finview/templates/edit/:id', resource: 'templates', action: 'edit', page: 'finview-template-editor' },
      { path: '/finview/templates/show/:id', resource: 'templates', action: 'show', page: 'generic-show' },
      { path: '/finview/plugins', resource: 'plugins', action: 'list', page: 'generic-list' },
      { path: '/finview/plugins/edit/:id', resource: 'plugins', action: 'edit', page: 'finview-plugin-edit' },
      { path: '/finview/plugins/show/:id', resource: 'plugins', action: 'show', page: 'generic-show' },
      { path: '/finview/rules', resource: 'rules', action: 'list', page: 'generic-list' },
      { path: '/finview/rules/create', resource: 'rules', action: 'create', page: 'finview-rule-editor' },
      { path: '/finview/rules/edit/:id', resource: 'rules', action: 'edit', page: 'finview-rule-editor' },
      { path: '/finview/rules/show/:id', resource: 'rules', action: 'show', page: 'generic-show' },
      { path: '/finview/settings', resource: 'finview-settings', action: 'list', page: 'generic-list' },
      { path: '/finview/settings/edit/:id', resource: 'finview-settings', action: 'edit', page: 'generic-edit' },
      { path: '/admin/user/users', resource: 'users', action: 'list', page: 'generic-list' },
      { path: '/admin/user/users/create', resource: 'users', action: 'create', page: 'user-form' },
      { path: '/admin/user/users/edit/:id', resource: 'users', action: 'edit', page: 'user-form' },
      { path: '/admin/user/users/show/:id', resource: 'users', action: 'show', page: 'generic-show' },
      { path: '/admin/enterprise/enterprises', resource: 'enterprises', action: 'list', page: 'generic-list' },
      { path: '/admin/enterprise/enterprises/create', resource: 'enterprises', action: 'create', page: 'generic-create' },
      { path: '/admin/enterprise/enterprises/edit/:id', resource: 'enterprises', action: 'edit', page: 'generic-edit' },
      { path: '/admin/enterprise/enterprises/show/:id', resource: 'enterprises', action: 'show', page: 'generic-show' },
      { path: '/admin/audit/audit-log', resource: 'audit-log', action: 'list', page: 'generic-list' },
    ]);
  });

  it('gives every enabled resource a Refine resource whose list path is its route', () => {
    const listRoutes = registry.routes.filter((route) => route.action === 'list');
    expect(registry.resources.map((resource) => resource.name)).toEqual(listRoutes.map((route) => route.resource));
    for (const resource of registry.resources) {
      const route = listRoutes.find((candidate) => candidate.resource === resource.name);
      expect(resource.list).toBe(route?.path);
      expect(resource.meta.parent).toBe(resource.meta.area);
    }
  });

  it('has unique route paths that all start with their area path', () => {
    const paths = registry.routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of registry.routes) {
      const definition = RESOURCES.find((candidate) => candidate.name === route.resource);
      const area = AREAS.find((candidate) => candidate.value === definition?.area);
      expect(route.path === `/${area?.value}` || route.path.startsWith(`/${area?.value}/`)).toBe(true);
    }
  });

  it('drops the Reports module (disabled) and the inactive areas', () => {
    const names = registry.routes.map((route) => route.resource);
    expect(names).not.toContain('reports');
    for (const inactive of ['kyc-management', 'announcements', 'news-management']) {
      expect(registry.menu.map((area) => area.key)).not.toContain(inactive);
      const inArea = RESOURCES.filter((definition) => definition.area === inactive).map((definition) => definition.name);
      expect(names.filter((name) => inArea.includes(name))).toEqual([]);
    }
  });

  it('builds the dashboard from active entries only', () => {
    expect(registry.dashboard).toEqual([
      { key: 'finview', labelKey: 'areas.finview', icon: 'VideoCameraOutlined', path: '/finview' },
    ]);
  });

  it('gives each active area with items its menu page, unless a resource lives at its route', () => {
    expect(registry.areaPages).toEqual([
      { path: '/finview', area: 'finview' },
      { path: '/admin', area: 'admin' },
    ]);
    const everything = buildRegistry({ ...seedConfig(), menu: seedConfig().menu.map((entry) => ({ ...entry, isActive: true })) });
    expect(everything.areaPages.map((page) => page.path)).toEqual(['/kyc-management', '/news-management', '/finview', '/admin']);
    expect(everything.routes.map((route) => route.path)).toContain('/announcements');
  });
});

describe('config switches', () => {
  const seed = seedConfig();

  it('an enabled module brings its resource back (route and menu)', () => {
    const registry = buildRegistry(withModule(seed, 'Reports', true));
    expect(registry.routes.map((route) => route.resource)).toContain('reports');
    expect(menuKeys(registry.menu).finview).toContain('reports');
  });

  it('disabling a module drops every route and menu item of its resources', () => {
    const registry = buildRegistry(withModule(seed, 'FinView', false));
    const finviewModule = RESOURCES.filter((definition) => definition.module === 'FinView').map((definition) => definition.name);
    expect(finviewModule.length).toBeGreaterThan(0);
    for (const name of finviewModule) {
      expect(registry.routes.map((route) => route.resource)).not.toContain(name);
      expect(registry.menu.flatMap((area) => area.items.map((item) => item.key))).not.toContain(name);
    }
  });

  it('disabling an area drops its routes, its menu entry and its dashboard tile', () => {
    const registry = buildRegistry(withMenu(seed, 'finview', false));
    expect(registry.routes.every((route) => !route.path.startsWith('/finview/'))).toBe(true);
    expect(registry.menu.map((area) => area.key)).toEqual(['admin']);
    expect(registry.dashboard).toEqual([]);
  });

  it('activating an area adds its routes and menu', () => {
    const registry = buildRegistry(withMenu(seed, 'news-management', true));
    expect(menuKeys(registry.menu)['news-management']).toEqual(['news-feeds', 'companies', 'data-corrections']);
    expect(registry.routes.map((route) => route.path)).toContain('/news-management/news/news-feeds');
  });

  it('a dashboard entry whose area is inactive yields no tile', () => {
    const config = { ...seed, dashboard: seed.dashboard.map((entry) => ({ ...entry, isActive: true })) };
    expect(buildRegistry(config).dashboard.map((tile) => tile.key)).toEqual(['finview']);
  });
});

describe('menu and dashboard per role', () => {
  const registry = buildRegistry(seedConfig());
  const finview = ['videos', 'create-videos', 'templates', 'plugins', 'rules', 'finview-settings'];

  it.each<[Role, Record<string, string[]>]>([
    [0, { finview, admin: ['users', 'enterprises', 'audit-log'] }],
    [1, { finview, admin: ['users', 'audit-log'] }],
    // FinView settings are for Admins and up.
    [2, { finview: finview.filter((name) => name !== 'finview-settings') }],
  ])('role %i sees exactly its menu', (role, expected) => {
    expect(menuKeys(menuForRole(registry, role))).toEqual(expected);
  });

  it('role 2 gets no admin area at all, not an empty one', () => {
    expect(menuForRole(registry, 2).map((area) => area.key)).toEqual(['finview']);
  });

  it('nobody logged in sees nothing', () => {
    expect(menuForRole(registry, null)).toEqual([]);
    expect(dashboardForRole(registry, null)).toEqual([]);
  });

  it.each<Role>([0, 1, 2])('role %i gets the active dashboard tile', (role) => {
    expect(dashboardForRole(registry, role).map((tile) => tile.key)).toEqual(['finview']);
  });
});
