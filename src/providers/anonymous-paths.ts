// The calls that are never sealed (PROTOCOL.md "Anonymous paths"). Before login
// the client has only this list; afterwards the server's `anonymous_paths` win.
export const DEFAULT_ANONYMOUS_PATHS: readonly string[] = [
  'GET /publicKey',
  'POST /login',
  'POST /users',
  'POST /forgot-password',
  'POST /reset-password',
  'GET /health',
];

interface Rule {
  method?: string;
  path: string;
  prefix: boolean;
}

/**
 * Entries are "METHOD /path" or "/path" (any method); a trailing "*" matches a
 * prefix (the OpenAPI pages). Paths are relative to the API base; a full path
 * that includes the base is accepted too.
 */
export function isAnonymous(
  method: string,
  path: string,
  entries: readonly string[],
  basePath: string,
): boolean {
  const target = normalise(path, basePath);
  const verb = method.toUpperCase();
  return entries.some((entry) => {
    const rule = parseRule(entry, basePath);
    if (!rule || (rule.method && rule.method !== verb)) return false;
    return rule.prefix ? target.startsWith(rule.path) : target === rule.path;
  });
}

function parseRule(entry: string, basePath: string): Rule | null {
  const parts = entry.trim().split(/\s+/);
  const [first, second] = parts;
  if (!first || parts.length > 2) return null;
  const method = second ? first.toUpperCase() : undefined;
  const raw = second ?? first;
  const prefix = raw.endsWith('*');
  return { method, path: normalise(prefix ? raw.slice(0, -1) : raw, basePath), prefix };
}

/** "/backoffice/api/login?x=1", "login" and "/login" all become "/login". */
export function normalise(path: string, basePath: string): string {
  let result = path.replace(/[?#].*$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(result)) result = new URL(result).pathname;
  if (!result.startsWith('/')) result = `/${result}`;
  const base = basePathOf(basePath);
  if (base !== '/' && (result === base || result.startsWith(`${base}/`))) result = result.slice(base.length) || '/';
  return result.length > 1 ? result.replace(/\/+$/, '') : result;
}

function basePathOf(baseURL: string): string {
  const pathname = /^[a-z][a-z0-9+.-]*:\/\//i.test(baseURL) ? new URL(baseURL).pathname : baseURL;
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
