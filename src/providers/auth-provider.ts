import type { AuthActionResponse, AuthProvider } from '@refinedev/core';
import { RC_KEY_HEADER } from '../../common/protocol/constants';
import { parseRcKey } from '../../common/protocol/entity';
import { isRole } from '../../common/access';
import type { Role } from '../../common/resources/types';
import type { HttpClient, Translate } from './http-client';
import { ApiError, isApiError } from './http-error';
import type { CurrentUser, SessionStore } from './session-store';
import { VIEW_STATE_KEYS, writeViewState } from './view-state';

export interface Identity {
  id: string;
  username: string;
  name?: string;
  email?: string;
  role: Role;
}

export interface AuthProviderOptions {
  http: HttpClient;
  session: SessionStore;
  translate: Translate;
}

interface LoginAnswer {
  user_id: string;
  username: string;
  role: Role;
  access_token: string;
  anonymous_paths?: string[];
}

const LOGIN_PATH = '/login';

// Refine shows `error.name` as a notification's title and `error.message` as
// its text, so each action gives its failures a translated title.
export function createAuthProvider({ http, session, translate: t }: AuthProviderOptions): AuthProvider {
  function failure(error: unknown, titleKey: string): AuthActionResponse {
    const source = isApiError(error) ? error : new ApiError(t('errors.generic'), 0);
    const reported = new ApiError(source.message, source.statusCode, {
      errors: source.errors,
      sessionEnded: source.sessionEnded,
      body: source.body,
    });
    reported.name = t(titleKey);
    return { success: false, error: reported };
  }

  return {
    async login({ username, password, otp }: { username?: string; password?: string; otp?: string }) {
      try {
        const publicKey = await http.ensurePublicKey();
        // otp: the mailed code that unlocks an account locked after failed sign-ins.
        const data = otp ? { username, password, otp } : { username, password };
        const answer = await http.request<unknown>({ method: 'post', url: '/login', data });
        const rcKey = answer.header(RC_KEY_HEADER);
        const body = loginAnswerOf(answer.data);
        // Without a first cipher key or a token no later request could be sealed.
        if (!body || !rcKey || !parseRcKey(rcKey)) throw new ApiError(t('errors.server'), 500);
        session.start({
          user: {
            user_id: body.user_id,
            username: body.username,
            anonymous_paths: body.anonymous_paths ?? [],
            role: body.role,
          },
          accessToken: body.access_token,
          rcKey,
          publicKey,
        });
        return { success: true, redirectTo: '/' };
      } catch (error) {
        return failure(error, 'auth.login.failed');
      }
    },

    async register({ username, email, password, name }: Record<string, string | undefined>) {
      try {
        await http.request({ method: 'post', url: '/users', data: { username, email, password, name } });
        return {
          success: true,
          redirectTo: LOGIN_PATH,
          successNotification: { message: t('auth.register.success'), description: t('auth.register.pending') },
        };
      } catch (error) {
        return failure(error, 'auth.register.failed');
      }
    },

    async forgotPassword({ email }: { email?: string }) {
      try {
        await http.request({ method: 'post', url: '/forgot-password', data: { email } });
        return { success: true, successNotification: { message: t('auth.forgot.codeSent') } };
      } catch (error) {
        return failure(error, 'auth.forgot.failed');
      }
    },

    async updatePassword(params: Record<string, string | undefined>) {
      const newPassword = params.newPassword ?? params.password;
      // A one-time code means the reader is resetting a forgotten password, logged in or not.
      if (params.otp && params.email) {
        try {
          await http.request({
            method: 'post',
            url: '/reset-password',
            data: { email: params.email, otp: params.otp, newPassword },
          });
          return {
            success: true,
            redirectTo: LOGIN_PATH,
            successNotification: { message: t('auth.changePassword.success') },
          };
        } catch (error) {
          return failure(error, 'auth.forgot.failed');
        }
      }
      try {
        await http.request({
          method: 'post',
          url: '/change-user-password',
          data: { oldPassword: params.oldPassword, newPassword },
        });
        return { success: true, successNotification: { message: t('auth.changePassword.success') } };
      } catch (error) {
        return failure(error, 'auth.changePassword.failed');
      }
    },

    async logout() {
      if (session.isActive()) {
        try {
          await http.request({ method: 'post', url: '/logout', endingSession: true });
        } catch {
          // The server may already have dropped the session; the local one ends regardless.
        }
      }
      session.end();
      return { success: true, redirectTo: LOGIN_PATH };
    },

    async check() {
      return session.isActive()
        ? { authenticated: true }
        : { authenticated: false, redirectTo: LOGIN_PATH, logout: true };
    },

    // The session watcher is the one place that announces an ended session and goes to the
    // login page with `?to=` the page being left. Refine's own logout-on-error would go there
    // again without it (the return URL lost) and toast a second time, so it is never asked for.
    async onError(error: unknown) {
      if (isApiError(error) && error.sessionEnded) return {};
      const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
      if (statusCode === 401 && session.isActive()) {
        const message = (error as { message?: unknown }).message;
        session.end(new ApiError(typeof message === 'string' && message !== '' ? message : t('errors.unauthorized'), 401, { sessionEnded: true }));
      }
      return {};
    },

    async getIdentity(): Promise<Identity | null> {
      const user = session.currentUser();
      if (!user) return null;
      try {
        const { data } = await http.request<Record<string, unknown>>({ method: 'get', url: '/me' });
        return rememberUserDetails(session, {
          ...identityOf(user),
          ...(typeof data.name === 'string' ? { name: data.name } : {}),
          ...(typeof data.email === 'string' ? { email: data.email } : {}),
          ...(isRole(data.role) ? { role: data.role } : {}),
        });
      } catch {
        // The header still needs a name; a failure that ended the session is handled by the session watcher.
        const stillThere = session.currentUser();
        return stillThere ? identityOf(stillThere) : null;
      }
    },

    async getPermissions() {
      return session.currentUser()?.role ?? null;
    },
  };
}

/** SPEC.md `user_details`: the account as the server last described it, kept with the session. */
function rememberUserDetails(session: SessionStore, identity: Identity): Identity {
  // An answer landing after logout must not bring the account back into storage.
  if (session.currentUser()?.user_id === identity.id) writeViewState(VIEW_STATE_KEYS.userDetails, identity);
  return identity;
}

function identityOf(user: CurrentUser): Identity {
  return { id: user.user_id, username: user.username, role: user.role };
}

function loginAnswerOf(value: unknown): LoginAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { user_id: rawUserId, username, role, access_token, anonymous_paths } = value as Record<string, unknown>;
  // API.md promises a string; a numeric id is still the same user, and the seal sends it as text anyway.
  const user_id = typeof rawUserId === 'number' ? String(rawUserId) : rawUserId;
  if (typeof user_id !== 'string' || typeof username !== 'string' || typeof access_token !== 'string') return null;
  if (!isRole(role) || access_token === '') return null;
  const paths = Array.isArray(anonymous_paths)
    ? anonymous_paths.filter((path): path is string => typeof path === 'string')
    : undefined;
  return { user_id, username, role, access_token, ...(paths ? { anonymous_paths: paths } : {}) };
}
