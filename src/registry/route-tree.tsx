import { CanAccess } from '@refinedev/core';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { RouteBoundary } from '../pages/errors/route-boundary';
import { PageLoading } from '../pages/page-loading';
import { lazyPage, type LazyPage } from '../shell/lazy-page';
import type { AreaPageSpec, RouteSpec } from '../../common/resources/generate';

// Every page is its own chunk, loaded with a deadline and reported when it
// fails (src/shell/lazy-page.ts). The public pages live in src/app.tsx: this
// tree is the part behind the login.
const ShellLayout = lazyPage(() => import('../shell/shell-layout'), 'shell-layout');
const DashboardPage = lazyPage(() => import('../pages/dashboard/dashboard-page'), 'dashboard-page');
const ChangePasswordPage = lazyPage(() => import('../pages/account/change-password-page'), 'change-password-page');
const ForbiddenPage = lazyPage(() => import('../pages/errors/forbidden-page'), 'forbidden-page');
const NotFoundPage = lazyPage(() => import('../pages/errors/not-found-page'), 'not-found-page');
const ResourcePage = lazyPage(() => import('../pages/generic/resource-page'), 'resource-page');
const AreaPage = lazyPage(() => import('../pages/area/area-page'), 'area-page');

export type RoutePage = ComponentType<{ route: RouteSpec }>;

/**
 * Custom pages by the `page` key a resource definition names. Later issues add
 * one lazy line here; every other key falls through to the generic page.
 */
export const CUSTOM_PAGES: Record<string, LazyPage<{ route: RouteSpec }>> = {
  'company-upload': lazyPage(() => import('../pages/news/company-upload-page'), 'company-upload-page'),
  'user-form': lazyPage(() => import('../pages/admin/user-form'), 'user-form-page'),
  'kyc-upload': lazyPage(() => import('../pages/kyc/kyc-upload-page'), 'kyc-upload-page'),
  'kyc-documents': lazyPage(() => import('../pages/kyc/kyc-documents-page'), 'kyc-documents-page'),
  'finview-template-editor': lazyPage(() => import('../pages/finview/templates-page'), 'finview-template-editor-page'),
  'finview-template-new': lazyPage(() => import('../pages/finview/templates/new-template'), 'finview-template-new-page'),
  'finview-create': lazyPage(() => import('../pages/finview/create-video-page'), 'finview-create-video-page'),
  'finview-rule-editor': lazyPage(() => import('../pages/finview/rules-page'), 'finview-rule-editor-page'),
  'finview-plugin-edit': lazyPage(() => import('../pages/finview/plugins-page'), 'finview-plugin-edit-page'),
  'announcement-feed-form': lazyPage(() => import('../pages/announcements/feed-form-page'), 'announcement-feed-form-page'),
};

/**
 * Marks which route let the user in (`data-route`) or refused them (`data-refused`), so a
 * test tells one route's answer from the previous one's (tests/e2e/spec-routes.test.ts).
 * No box of its own.
 */
function Reached({ path, refused = false, children }: { path: string; refused?: boolean; children: ReactNode }) {
  const mark = refused ? { 'data-refused': path } : { 'data-route': path };
  return (
    <div {...mark} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

/** A page inside its own error boundary: a crash or a failed chunk stays in the content area. */
function guarded(page: ReactNode): ReactNode {
  return <RouteBoundary>{page}</RouteBoundary>;
}

/** One generated route: the page, guarded by the same role rule as the menu and the server. */
export function resourceRoute(route: RouteSpec): ReactNode {
  const Page: ComponentType<{ route: RouteSpec }> = CUSTOM_PAGES[route.page] ?? ResourcePage;
  return (
    <Route
      key={route.path}
      path={route.path}
      element={guarded(
        // Refine v5 does not guard routes itself.
        // Keyed by path: reused from the previous route, CanAccess kept its answer for a moment
        // and mounted a page the role may not open (tests/e2e/spec-routes.test.ts caught it).
        <CanAccess
          key={route.path}
          resource={route.resource}
          action={route.action}
          fallback={
            <Reached path={route.path} refused>
              <ForbiddenPage />
            </Reached>
          }
        >
          <Reached path={route.path}>
            <Page route={route} />
          </Reached>
        </CanAccess>,
      )}
    />
  );
}

/** The <Route> tree behind the login; resource and area routes come from the registry, none is written by hand. */
export function RouteTree({ routes, areaPages }: { routes: readonly RouteSpec[]; areaPages: readonly AreaPageSpec[] }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={guarded(<ShellLayout />)}>
          <Route index element={guarded(<DashboardPage />)} />
          <Route path="/change-password" element={guarded(<ChangePasswordPage />)} />
          <Route path="/forbidden" element={guarded(<ForbiddenPage />)} />
          {areaPages.map((page) => (
            <Route
              key={page.path}
              path={page.path}
              element={guarded(
                <Reached path={page.path}>
                  <AreaPage page={page} />
                </Reached>,
              )}
            />
          ))}
          {routes.map(resourceRoute)}
          <Route path="*" element={guarded(<NotFoundPage />)} />
        </Route>
      </Routes>
    </Suspense>
  );
}
