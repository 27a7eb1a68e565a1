import { lightCheckAppConfig } from '../../common/config/light-check';
import type { AppConfig } from '../../common/config/schema';

export type AppConfigLoad =
  | { ok: true; config: AppConfig }
  | { ok: false; kind: 'unreachable'; reason: string }
  | { ok: false; kind: 'invalid'; problems: string[] };

/**
 * The configuration is read at run time, relative to the page, so one build
 * serves any product path and admins change it without a rebuild. The server
 * validated it already; the browser repeats the check with the light checker
 * (no TypeBox on the login route) so a proxy or a stale file cannot start a
 * half-configured app.
 */
export async function loadAppConfig(
  url = './app-config.json',
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<AppConfigLoad> {
  let body: unknown;
  try {
    // A plain GET, so it takes over the <link rel="preload"> of index.html; the
    // server marks the answer no-store, so it is never a stale copy.
    const response = await fetchImpl(url);
    if (!response.ok) return { ok: false, kind: 'unreachable', reason: `HTTP ${response.status}` };
    body = await response.json();
  } catch (error) {
    return { ok: false, kind: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
  }
  const check = lightCheckAppConfig(body);
  return check.ok ? { ok: true, config: check.config } : { ok: false, kind: 'invalid', problems: check.problems };
}
