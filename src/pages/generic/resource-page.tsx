import type { RouteSpec } from '../../../common/resources/generate';
import { preloadPieces } from '../../registry/preload-pieces';
import { useRuntime } from '../../registry/registry-context';
import type { ResourceDefinition } from '../../../common/resources/types';
import { lazyPage, type LazyPage } from '../../shell/lazy-page';
import NotFoundPage from '../errors/not-found-page';
import { ResourcePending } from './resource-pending';

export interface GenericPageProps {
  definition: ResourceDefinition;
  route: RouteSpec;
}

/**
 * The generic pages, each driven by `definition.fields` (filtered per view, and one
 * `switch (field.type)` picking the column/input, as react-admin's ra-no-code does).
 * A resource gets them once its definition has an `endpoint`; until then every route
 * shows ResourcePending. Custom pages are chosen earlier, by `page` / `actionPages`
 * key, in src/registry/route-tree.tsx.
 */
const GenericForm = lazyPage(() => import('./generic-form'), 'generic-form');
/** A one-form resource (`shape: 'form'`, settings): the same form on each of its routes. */
const GenericSettingsForm = lazyPage(() => import('./generic-settings-form'), 'generic-settings-form');
const GENERIC_PAGES: Partial<Record<RouteSpec['action'], LazyPage<GenericPageProps>>> = {
  list: lazyPage(() => import('./generic-list'), 'generic-list'),
  create: GenericForm,
  edit: GenericForm,
  show: lazyPage(() => import('./generic-show'), 'generic-show'),
};

export default function ResourcePage({ route }: { route: RouteSpec }) {
  const { registry } = useRuntime();
  const definition = registry.definitions.find((candidate) => candidate.name === route.resource);
  if (!definition) return <NotFoundPage />;
  const Page = definition.endpoint ? (definition.shape === 'form' ? GenericSettingsForm : GENERIC_PAGES[route.action]) : undefined;
  // The area's cells, actions and panels come beside the page's code, not after it: called in the
  // render (once per definition), since this page's effects wait until the suspended page is in.
  if (Page && (route.action === 'list' || route.action === 'show')) void preloadPieces(definition);
  return Page ? <Page definition={definition} route={route} /> : <ResourcePending definition={definition} />;
}
