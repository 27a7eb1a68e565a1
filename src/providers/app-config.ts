import type { AppConfig } from '../config/schema';

export type AppConfigLoad =
  | { ok: true; config: AppConfig }
  | { ok: false; kind: 'unreachable'; reason: string }
  | { ok: false; kind: 'invalid'; problems: string[] };

/**
 * The configuration is read at run time, relative to the page, so one build
 * serves any product path and admins change it without a rebuild. The
 * validator (TypeBox, the largest library on the login route) downloads in
 * parallel with the file instead of inside the entry chunk.
 */
export async function loadAppConfig(
  url = './app-config.json',
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<AppConfigLoad> {
  const validator = import('../config/validate');
  let body: unknown;
  let checkAppConfig: Awaited<typeof validator>['checkAppConfig'];
  try {
    const response = await fetchImpl(url, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) return { ok: false, kind: 'unreachable', reason: `HTTP ${response.status}` };
    body = await response.json();
    ({ checkAppConfig } = await validator);
  } catch (error) {
    return { ok: false, kind: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
  }
  const check = checkAppConfig(body);
  return check.ok ? { ok: true, config: check.config } : { ok: false, kind: 'invalid', problems: check.problems };
}
