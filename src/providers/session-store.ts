import { newestRcKey, parseRcKey } from '../../common/protocol/entity';
import { isRole } from '../../common/access';
import type { Role } from '../../common/resources/types';

// sessionStorage, not localStorage: the sealing material must not outlive the
// tab, and each tab keeps its own session.
export const SESSION_KEYS = {
  currentUser: 'current_user',
  accessToken: 'access_token',
  rcKey: 'rc-key',
  publicKey: 'public_key',
} as const;

export interface CurrentUser {
  user_id: string;
  username: string;
  anonymous_paths: string[];
  role: Role;
}

export interface SessionStart {
  user: CurrentUser;
  accessToken: string;
  rcKey: string;
  publicKey: string;
}

/** `reason` is set when the session ended on an error the user must see; a plain logout has none. */
export interface SessionEndEvent {
  reason?: Error;
}

export interface SessionStore {
  currentUser(): CurrentUser | null;
  accessToken(): string | null;
  rcKey(): string | null;
  publicKey(): string | null;
  /** True when every piece a sealed request needs is present. */
  isActive(): boolean;
  start(session: SessionStart): void;
  setPublicKey(pem: string): void;
  /** Keeps whichever of the stored and offered keys has the higher kid. */
  offerRcKey(candidate: string | null | undefined): void;
  /** Clears the session; `reason` tells listeners to show it and go to login. */
  end(reason?: Error): void;
  subscribe(listener: (event: SessionEndEvent) => void): () => void;
}

export function createSessionStore(storage: Storage = globalThis.sessionStorage): SessionStore {
  const listeners = new Set<(event: SessionEndEvent) => void>();
  const read = (key: string) => storage.getItem(key);

  const store: SessionStore = {
    currentUser() {
      return parseCurrentUser(read(SESSION_KEYS.currentUser));
    },
    accessToken: () => read(SESSION_KEYS.accessToken),
    rcKey: () => read(SESSION_KEYS.rcKey),
    publicKey: () => read(SESSION_KEYS.publicKey),
    isActive() {
      return Boolean(store.currentUser() && store.accessToken() && store.rcKey() && store.publicKey());
    },
    start({ user, accessToken, rcKey, publicKey }) {
      storage.setItem(SESSION_KEYS.currentUser, JSON.stringify(user));
      storage.setItem(SESSION_KEYS.accessToken, accessToken);
      // A new session restarts the kid counter, so the old key must not win the comparison.
      storage.setItem(SESSION_KEYS.rcKey, rcKey);
      storage.setItem(SESSION_KEYS.publicKey, publicKey);
    },
    setPublicKey(pem) {
      storage.setItem(SESSION_KEYS.publicKey, pem);
    },
    offerRcKey(candidate) {
      // An answer that lands after logout must not bring a key back into an empty session.
      if (!candidate || !parseRcKey(candidate) || !store.accessToken()) return;
      const current = store.rcKey();
      const newest = newestRcKey(current, candidate);
      if (newest && newest !== current) storage.setItem(SESSION_KEYS.rcKey, newest);
    },
    end(reason) {
      for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
      const event: SessionEndEvent = reason ? { reason } : {};
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

function parseCurrentUser(raw: string | null): CurrentUser | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { user_id, username, anonymous_paths, role } = value as Record<string, unknown>;
  if (typeof user_id !== 'string' || typeof username !== 'string' || !isRole(role)) return null;
  const paths = Array.isArray(anonymous_paths) ? anonymous_paths.filter((path) => typeof path === 'string') : [];
  return { user_id, username, anonymous_paths: paths, role };
}

/** An in-memory Storage for tests and for browsers that refuse sessionStorage. */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}
