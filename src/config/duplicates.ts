import type { AppConfig } from './schema';

/** Problems a schema cannot express: a key listed twice. Shared by the full and the light check. */
export function duplicateProblems(config: Pick<AppConfig, 'menu' | 'dashboard' | 'modules'>): string[] {
  return [
    ...duplicateKeys(config.menu.map((entry) => entry.value), '/menu'),
    ...duplicateKeys(config.dashboard.map((entry) => entry.value), '/dashboard'),
    ...duplicateKeys(config.modules.map((entry) => entry.name), '/modules'),
  ];
}

function duplicateKeys(keys: string[], path: string): string[] {
  const seen = new Set<string>();
  return keys.flatMap((key) => {
    if (seen.has(key)) return [`${path} lists "${key}" twice`];
    seen.add(key);
    return [];
  });
}
