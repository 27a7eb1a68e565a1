import type { AppConfig } from './schema';

/** Problems a schema cannot express: a key listed twice. Shared by the full and the light check. */
export function duplicateProblems(config: Pick<AppConfig, 'menu' | 'dashboard' | 'modules' | 'dataProviders'>): string[] {
  const providers = Object.entries(config.dataProviders ?? {});
  return [
    ...duplicateKeys(config.menu.map((entry) => entry.value), '/menu'),
    ...duplicateKeys(config.dashboard.map((entry) => entry.value), '/dashboard'),
    ...duplicateKeys(config.modules.map((entry) => entry.name), '/modules'),
    // `default` is the service of apiBaseUrl, and a resource has one provider.
    ...(config.dataProviders && 'default' in config.dataProviders ? ['/dataProviders names "default", which is apiBaseUrl'] : []),
    ...duplicateKeys(providers.flatMap(([, entry]) => entry.resources ?? []), '/dataProviders/*/resources'),
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
