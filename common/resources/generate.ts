import type { AppConfig } from '../config/schema';
import { AREAS } from './areas';
import { canAccess } from '../access';
import { RESOURCES } from './registry';
import type { AreaDefinition, ResourceAction, ResourceDefinition, Role } from './types';

// Turns the runtime configuration and the resource definitions into everything
// the app is built from: Refine resources, the route table and the menu. It is
// pure data so the server can apply the same module switches.

export interface GeneratedResource {
  name: string;
  list?: string;
  create?: string;
  edit?: string;
  show?: string;
  /** `dataProviderName` is read by Refine's data hooks: the named provider serving the resource. */
  meta: { label: string; icon: string; parent: string; area: string; canDelete: boolean; dataProviderName?: string };
}

export interface RouteSpec {
  path: string;
  resource: string;
  action: Exclude<ResourceAction, 'delete'>;
  page: string;
}

export interface MenuItemSpec {
  key: string;
  labelKey: string;
  icon: string;
  path: string;
}

export interface MenuAreaSpec {
  key: string;
  labelKey: string;
  icon: string;
  items: MenuItemSpec[];
}

export interface DashboardTile {
  key: string;
  labelKey: string;
  icon: string;
  path: string;
}

/** An area's own menu page (SPEC.md: /kyc-management, /news-management, /finview). */
export interface AreaPageSpec {
  path: string;
  area: string;
}

export interface Registry {
  definitions: ResourceDefinition[];
  resources: GeneratedResource[];
  routes: RouteSpec[];
  areaPages: AreaPageSpec[];
  menu: MenuAreaSpec[];
  dashboard: DashboardTile[];
}

const ROUTE_SUFFIX: Record<RouteSpec['action'], string> = {
  list: '',
  create: '/create',
  edit: '/edit/:id',
  show: '/show/:id',
};

/** The hash route of a resource's list. */
export function resourceBasePath(definition: ResourceDefinition): string {
  return `/${definition.route.replace(/^\/+|\/+$/g, '')}`;
}

/** An endpoint of a definition as a path under the data provider's API base. */
export function apiPath(endpoint: string): string {
  return `/${endpoint.replace(/^\/+|\/+$/g, '')}`;
}

export const DEFAULT_DATA_PROVIDER = 'default';

/**
 * The named data provider serving a resource: the one of config/app.json that lists it,
 * else the one its definition names when the configuration declares it, else the
 * default (the sealed UI service at apiBaseUrl).
 */
export function dataProviderNameOf(definition: ResourceDefinition, config: Pick<AppConfig, 'dataProviders'>): string {
  const providers = Object.entries(config.dataProviders ?? {});
  const listing = providers.find(([, entry]) => entry.resources?.includes(definition.name));
  if (listing) return listing[0];
  if (definition.dataProvider && providers.some(([name]) => name === definition.dataProvider)) return definition.dataProvider;
  return DEFAULT_DATA_PROVIDER;
}

/** Resources whose menu area is active and whose module (if any) is enabled. */
export function enabledResources(
  config: AppConfig,
  definitions: readonly ResourceDefinition[] = RESOURCES,
): ResourceDefinition[] {
  const activeAreas = new Set(config.menu.filter((entry) => entry.isActive).map((entry) => entry.value));
  const enabledModules = new Set(config.modules.filter((entry) => entry.isEnabled).map((entry) => entry.name));
  return definitions.filter(
    (definition) =>
      activeAreas.has(definition.area) && (!definition.module || enabledModules.has(definition.module)),
  );
}

export function buildRegistry(
  config: AppConfig,
  definitions: readonly ResourceDefinition[] = RESOURCES,
  areas: readonly AreaDefinition[] = AREAS,
): Registry {
  const areaByKey = new Map(areas.map((area) => [area.value, area]));
  const enabled = enabledResources(config, definitions).filter((definition) => areaByKey.has(definition.area));

  const resources: GeneratedResource[] = [];
  const routes: RouteSpec[] = [];
  for (const definition of enabled) {
    const area = areaByKey.get(definition.area) as AreaDefinition;
    const base = resourceBasePath(definition);
    const resource: GeneratedResource = {
      name: definition.name,
      meta: {
        label: definition.labelKey,
        icon: definition.icon,
        parent: area.value,
        area: area.value,
        canDelete: definition.actions.includes('delete'),
      },
    };
    const provider = dataProviderNameOf(definition, config);
    if (provider !== DEFAULT_DATA_PROVIDER) resource.meta.dataProviderName = provider;
    for (const action of ['list', 'create', 'edit', 'show'] as const) {
      if (!definition.actions.includes(action)) continue;
      const path = base + ROUTE_SUFFIX[action];
      resource[action] = path;
      routes.push({ path, resource: definition.name, action, page: definition.actionPages?.[action] ?? definition.page ?? `generic-${action}` });
    }
    resources.push(resource);
  }

  const menu: MenuAreaSpec[] = [];
  for (const entry of config.menu) {
    const area = areaByKey.get(entry.value);
    if (!entry.isActive || !area) continue;
    const items = enabled
      .filter((definition) => definition.area === area.value && definition.actions.includes('list'))
      .map((definition) => ({
        key: definition.name,
        labelKey: definition.labelKey,
        icon: definition.icon,
        path: resourceBasePath(definition),
      }));
    if (items.length > 0) menu.push({ key: area.value, labelKey: area.labelKey, icon: area.icon, items });
  }

  // An area's menu page, unless a resource lives at the area's own route (/announcements).
  const areaPages: AreaPageSpec[] = menu
    .map((area) => ({ path: `/${area.key}`, area: area.key }))
    .filter((page) => !routes.some((route) => route.path === page.path));

  // A tile opens the area: its menu page, or the resource at its route.
  const dashboard: DashboardTile[] = config.dashboard
    .filter((entry) => entry.isActive)
    .flatMap((entry) => {
      const area = menu.find((candidate) => candidate.key === entry.value);
      return area ? [{ key: area.key, labelKey: area.labelKey, icon: area.icon, path: `/${area.key}` }] : [];
    });

  return { definitions: enabled, resources, routes, areaPages, menu, dashboard };
}

/** The menu one role may see: items it may list, areas left empty dropped. */
export function menuForRole(registry: Registry, role: Role | null | undefined): MenuAreaSpec[] {
  return registry.menu
    .map((area) => ({
      ...area,
      items: area.items.filter((item) =>
        canAccess(role, { resource: item.key, action: 'list' }, registry.definitions),
      ),
    }))
    .filter((area) => area.items.length > 0);
}

/** Dashboard tiles of the areas a role may open (at least one item it may list). */
export function dashboardForRole(registry: Registry, role: Role | null | undefined): DashboardTile[] {
  const menu = menuForRole(registry, role);
  return registry.dashboard.filter((tile) => menu.some((area) => area.key === tile.key));
}
