import { Authenticated, CanAccess } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { PageLoading } from '../pages/page-loading';
import type { RouteSpec } from './generate';

// Every page is its own chunk: the login route downloads the login form and
// nothing of the shell, the generic pages or @refinedev/antd.
const LoginPage = lazy(() => import('../pages/auth/login-page'));
const RegisterPage = lazy(() => import('../pages/auth/register-page'));
const ForgotPasswordPage = lazy(() => import('../pages/auth/forgot-password-page'));
const ShellLayout = lazy(() => import('../shell/shell-layout'));
const DashboardPage = lazy(() => import('../pages/dashboard/dashboard-page'));
const ChangePasswordPage = lazy(() => import('../pages/account/change-password-page'));
const ForbiddenPage = lazy(() => import('../pages/errors/forbidden-page'));
const NotFoundPage = lazy(() => import('../pages/errors/not-found-page'));
const ResourcePage = lazy(() => import('../pages/generic/resource-page'));

export type RoutePage = ComponentType<{ route: RouteSpec }>;

/**
 * Custom pages by the `page` key a resource definition names. Later issues add
 * one lazy line here; every other key falls through to the generic page.
 */
export const CUSTOM_PAGES: Record<string, LazyExoticComponent<RoutePage>> = {};

export const PUBLIC_PATHS = ['/login', '/register', '/forgot-password'] as const;

/** One generated route: the page, guarded by the same role rule as the menu and the server. */
export function resourceRoute(route: RouteSpec): ReactNode {
  const Page: ComponentType<{ route: RouteSpec }> = CUSTOM_PAGES[route.page] ?? ResourcePage;
  return (
    <Route
      key={route.path}
      path={route.path}
      element={
        // Refine v5 does not guard routes itself.
        <CanAccess resource={route.resource} action={route.action} fallback={<ForbiddenPage />}>
          <Page route={route} />
        </CanAccess>
      }
    />
  );
}

/** The whole <Route> tree; resource routes come from the registry, none is written by hand. */
export function RouteTree({ routes }: { routes: readonly RouteSpec[] }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route
          element={
            // A logged-in reader who opens /login goes to the dashboard instead.
            <Authenticated key="public-routes" fallback={<Outlet />}>
              <Navigate to="/" replace />
            </Authenticated>
          }
        >
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        </Route>
        <Route
          element={
            <Authenticated key="private-routes" fallback={<CatchAllNavigate to="/login" />}>
              <ShellLayout />
            </Authenticated>
          }
        >
          <Route index element={<DashboardPage />} />
          <Route path="/change-password" element={<ChangePasswordPage />} />
          <Route path="/forbidden" element={<ForbiddenPage />} />
          {routes.map(resourceRoute)}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
