import { useCallback, useEffect, useRef, useState } from 'react';
import { LOCK_RENEW_SECONDS } from '../../../common/domains/announcements/model';
import { isApiError } from '../../providers';
import type { AnnouncementsApi } from './announcements-api';

// The drawer's soft lock (docs/announcements.md "Soft locks"): taken on open, renewed while
// open, released on close. Another holder is a banner, not a wall: the server refuses their
// decisions to us, and "Take over" forces the lock (audited).

export type LockState =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'held' }
  /** Another user holds it: the server's sentence ("x is working on this announcement.") and who. */
  | { kind: 'other'; message: string; holder: string }
  | { kind: 'failed'; message: string };

/** Who the server's 409 `announcementLocked` names (`params.user`, a name or a user). */
export function lockHolderOf(error: unknown): string | null {
  if (!isApiError(error) || error.statusCode !== 409) return null;
  const body = error.body as { code?: unknown; params?: { user?: unknown } } | undefined;
  if (body?.code !== 'announcementLocked') return null;
  const user = body.params?.user;
  if (typeof user === 'string') return user;
  if (typeof user === 'object' && user !== null && typeof (user as { username?: unknown }).username === 'string') return (user as { username: string }).username;
  return '';
}

function stateOfError(error: unknown): LockState {
  const holder = lockHolderOf(error);
  const message = error instanceof Error ? error.message : '';
  return holder !== null ? { kind: 'other', message, holder } : { kind: 'failed', message };
}

export function useSoftLock(api: AnnouncementsApi, id: number | null) {
  const [state, setState] = useState<LockState>({ kind: 'none' });
  const heldRef = useRef(false);
  useEffect(() => {
    if (id === null) {
      setState({ kind: 'none' });
      return;
    }
    let stopped = false;
    heldRef.current = false;
    setState({ kind: 'pending' });
    const take = () =>
      api.lock(id).then(
        () => {
          if (stopped) return;
          heldRef.current = true;
          setState({ kind: 'held' });
        },
        (error: unknown) => {
          if (stopped) return;
          heldRef.current = false;
          setState(stateOfError(error));
        },
      );
    void take();
    // Renewing also notices a take-over: the renewal is refused with the new holder's name.
    const timer = setInterval(() => {
      if (heldRef.current) void take();
    }, LOCK_RENEW_SECONDS * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
      if (heldRef.current) void api.unlock(id).catch(() => undefined);
      heldRef.current = false;
    };
  }, [api, id]);

  const takeOver = useCallback(async () => {
    if (id === null) return;
    try {
      await api.lock(id, true);
      heldRef.current = true;
      setState({ kind: 'held' });
    } catch (error) {
      setState(stateOfError(error));
    }
  }, [api, id]);

  return { state, takeOver };
}
