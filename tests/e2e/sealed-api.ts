import { newestRcKey } from '../../common/protocol/entity';
import { sealWithWebCrypto } from '../../src/protocol/seal-webcrypto';
import { E2E_PASSWORD } from './browser';

// The sealed API from Node, beside the browser: for set-up the screens would take long to
// do (a record to look at) and for what the page refuses to send (a decision its buttons
// forbid), so a test can show the server refuses it too.

export interface ApiSession {
  /** The app's URL (stack.appUrl); the API is its `api/`. */
  appUrl: string;
  userId: string;
  username: string;
  accessToken: string;
  rcKey: string;
  publicKeyPem: string;
}

export async function apiSession(appUrl: string, username: string, password = E2E_PASSWORD): Promise<ApiSession> {
  const api = new URL('api/', appUrl);
  const login = await fetch(new URL('login', api), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!login.ok) throw new Error(`login ${username}: ${login.status}`);
  const body = (await login.json()) as { user_id: string; username: string; access_token: string };
  const { publicKey } = (await (await fetch(new URL('publicKey', api))).json()) as { publicKey: string };
  return { appUrl, userId: body.user_id, username: body.username, accessToken: body.access_token, rcKey: login.headers.get('rc-key') ?? '', publicKeyPem: publicKey };
}

/** One sealed request to `path` under the API base; the session keeps the newest rc-key, as the app does. */
export async function sealedFetch(session: ApiSession, method: string, path: string, body?: BodyInit, contentType?: string): Promise<Response> {
  const headers: Record<string, string> = { ...(await sealWithWebCrypto(session)) };
  if (contentType) headers['content-type'] = contentType;
  const response = await fetch(new URL(`api/${path}`, session.appUrl), { method, headers, ...(body === undefined ? {} : { body }) });
  const rcKey = response.headers.get('rc-key');
  if (rcKey) session.rcKey = newestRcKey(session.rcKey, rcKey) ?? session.rcKey;
  return response;
}
