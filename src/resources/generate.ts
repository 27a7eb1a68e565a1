import type { AppConfig } from '../config/schema';
import { AREAS } from './areas';
import { canAccess } from './access';
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
  meta: { label: string; icon: string; parent: string; area: string; canDelete: boolean };
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

export interface Registry {
  definitions: ResourceDefinition[];
  resources: GeneratedResource[];
  routes: RouteSpec[];
  menu: MenuAreaSpec[];
  dashboard: DashboardTile[];
}

const ROUTE_SUFFIX: Record<RouteSpec['action'], string> = {
  list: '',
  create: '/create',
  edit: '/edit/:id',
  show: '/show/:id',
};

export function resourceBasePath(definition: ResourceDefinition, area: AreaDefinition): string {
  return `/${area.path}/${definition.group}/${definition.path}`;
}

/** Resources whose menu area is active and whose module (if any) is enabled. */
export function enabledResources(
  config: AppConfig,
  definitions: readonly ResourceDefinition[] = RESOURCES,
): ResourceDefinition[] {
  const activeAreas = new Set(config.menu.filter((entry) => entry.active).map((entry) => entry.key));
  const enabledModules = new Set(config.modules.filter((entry) => entry.enabled).map((entry) => entry.name));
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
  const areaByKey = new Map(areas.map((area) => [area.key, area]));
  const enabled = enabledResources(config, definitions).filter((definition) => areaByKey.has(definition.area));

  const resources: GeneratedResource[] = [];
  const routes: RouteSpec[] = [];
  for (const definition of enabled) {
    const area = areaByKey.get(definition.area) as AreaDefinition;
    const base = resourceBasePath(definition, area);
    const resource: GeneratedResource = {
      name: definition.name,
      meta: {
        label: definition.labelKey,
        icon: definition.icon,
        parent: area.key,
        area: area.key,
        canDelete: definition.actions.includes('delete'),
      },
    };
    for (const action of ['list', 'create', 'edit', 'show'] as const) {
      if (!definition.actions.includes(action)) continue;
      const path = base + ROUTE_SUFFIX[action];
      resource[action] = path;
      routes.push({ path, resource: definition.name, action, page: definition.page ?? `generic-${action}` });
    }
    resources.push(resource);
  }

  const menu: MenuAreaSpec[] = [];
  for (const entry of config.menu) {
    const area = areaByKey.get(entry.key);
    if (!entry.active || !area) continue;
    const items = enabled
      .filter((definition) => definition.area === area.key && definition.actions.includes('list'))
      .map((definition) => ({
        key: definition.name,
        labelKey: definition.labelKey,
        icon: definition.icon,
        path: resourceBasePath(definition, area),
      }));
    if (items.length > 0) menu.push({ key: area.key, labelKey: area.labelKey, icon: area.icon, items });
  }

  const dashboard: DashboardTile[] = config.dashboard
    .filter((entry) => entry.active)
    .flatMap((entry) => {
      const area = menu.find((candidate) => candidate.key === entry.key);
      const first = area?.items[0];
      return area && first ? [{ key: area.key, labelKey: area.labelKey, icon: area.icon, path: first.path }] : [];
    });

  return { definitions: enabled, resources, routes, menu, dashboard };
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

/** Dashboard tiles a role may open (first item it may list in each area). */
export function dashboardForRole(registry: Registry, role: Role | null | undefined): DashboardTile[] {
  const menu = menuForRole(registry, role);
  return registry.dashboard.flatMap((tile) => {
    const area = menu.find((candidate) => candidate.key === tile.key);
    const first = area?.items[0];
    return area && first ? [{ ...tile, path: first.path }] : [];
  });
}
