import Value from 'typebox/value';
import { AppConfigSchema, type AppConfig } from './schema';

export type ConfigCheck = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

/** Checks a parsed configuration; problems name the JSON path so an admin can fix the file. */
export function checkAppConfig(value: unknown): ConfigCheck {
  if (Value.Check(AppConfigSchema, value)) {
    const config = value as AppConfig;
    const problems = [
      ...duplicateKeys(config.menu.map((entry) => entry.key), '/menu'),
      ...duplicateKeys(config.dashboard.map((entry) => entry.key), '/dashboard'),
      ...duplicateKeys(config.modules.map((entry) => entry.name), '/modules'),
    ];
    return problems.length === 0 ? { ok: true, config } : { ok: false, problems };
  }
  const problems = Value.Errors(AppConfigSchema, value).map(
    (error) => `${error.instancePath || '/'} ${error.message}`,
  );
  return { ok: false, problems: [...new Set(problems)].slice(0, 20) };
}

function duplicateKeys(keys: string[], path: string): string[] {
  const seen = new Set<string>();
  return keys.flatMap((key) => {
    if (seen.has(key)) return [`${path} lists "${key}" twice`];
    seen.add(key);
    return [];
  });
}
