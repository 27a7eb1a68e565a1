import { useGo, useInvalidateAuthStore } from '@refinedev/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from './notification-provider';
import type { SessionStore } from './session-store';

const LOGIN_PATH = '/login';

/**
 * Where the reader is at this instant: the hash route (`#/news…?currentPage=3`). Not
 * useLocation's: react-router commits a navigation in a transition, so for a moment after a
 * click on another page of a list the rendered location is still the page before, and the
 * read of the new page can fail inside that moment (the login then returned to the old page).
 */
function appPathNow(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/**
 * A session can end inside any request (401, missing rc-key, broken storage),
 * including ones no Refine data hook made (identity, custom calls). This is
 * the one place that tells the reader why and takes them to the login page,
 * remembering where they were.
 */
export function SessionWatcher({ session }: { session: SessionStore }) {
  const go = useGo();
  const invalidateAuthStore = useInvalidateAuthStore();
  const { t } = useTranslation();

  useEffect(
    () =>
      session.subscribe(({ reason }) => {
        void invalidateAuthStore();
        if (!reason) return;
        // One key: parallel requests failing together replace each other's toast. Straight to
        // the toasts, not Refine's provider, which is silent about errors once the session is over.
        notify({ key: 'session-ended', type: 'error', message: t('auth.sessionEnded'), description: reason.message });
        const here = appPathNow();
        if (here === LOGIN_PATH || here.startsWith(`${LOGIN_PATH}?`)) return;
        go({ to: LOGIN_PATH, query: here.length > 1 ? { to: here } : {}, type: 'replace' });
      }),
    [session, go, invalidateAuthStore, t],
  );

  return null;
}
