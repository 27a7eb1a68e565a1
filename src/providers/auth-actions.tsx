import type { AuthActionResponse, AuthProvider } from '@refinedev/core';
import { createContext, use, useCallback, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from './notification-provider';

// The public pages (login, register, forgot password) run before <Refine> is
// loaded: Refine, its query client and their dependencies stay off the login
// route. These hooks give them what Refine's useLogin & co. do: call the auth
// provider, toast the outcome, follow `redirectTo` (and `?to=` after a login).

type PublicAction = 'login' | 'register' | 'forgotPassword' | 'updatePassword';

const AuthActionsContext = createContext<AuthProvider | null>(null);

export function AuthActionsProvider({ authProvider, children }: { authProvider: AuthProvider; children: ReactNode }) {
  return <AuthActionsContext value={authProvider}>{children}</AuthActionsContext>;
}

/** Where a login returns to: a path inside the app from `?to=`, never another origin. */
export function returnPath(to: string | null): string | undefined {
  return to && to.startsWith('/') && !to.startsWith('//') ? to : undefined;
}

export function useAuthAction<TValues>(action: PublicAction) {
  const authProvider = use(AuthActionsContext);
  if (!authProvider) throw new Error('useAuthAction must be used inside <AuthActionsProvider>');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [isPending, setPending] = useState(false);
  const to = search.get('to');

  const mutate = useCallback(
    async (values: TValues, options: { onSuccess?(result: AuthActionResponse): void } = {}) => {
      const run = authProvider[action] as ((params: TValues) => Promise<AuthActionResponse>) | undefined;
      if (!run) return;
      setPending(true);
      let result: AuthActionResponse;
      try {
        result = await run(values);
      } finally {
        setPending(false);
      }
      if (result.success) {
        const success = result.successNotification;
        if (success) notify({ type: 'success', message: success.message, description: success.description });
        const target = (action === 'login' ? returnPath(to) : undefined) ?? result.redirectTo;
        if (target) void navigate(target, { replace: true });
      } else if (result.error) {
        notify({ type: 'error', key: `${action}-error`, message: result.error.name, description: result.error.message });
      }
      options.onSuccess?.(result);
    },
    [authProvider, action, navigate, to],
  );

  return { mutate, isPending };
}
