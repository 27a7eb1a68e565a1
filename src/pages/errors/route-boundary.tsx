import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { ErrorView } from './error-view';

/**
 * One per route: a page that throws (500) or whose code does not load shows
 * its error in place, and moving to another route clears it.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      fallbackRender={({ error, resetErrorBoundary }) => <ErrorView error={error} onRetry={resetErrorBoundary} />}
    >
      {children}
    </ErrorBoundary>
  );
}
