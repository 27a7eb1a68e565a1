import Value from 'typebox/value';
import { duplicateProblems } from './duplicates';
import { AppConfigSchema, type AppConfig } from './schema';

export type ConfigCheck = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

/** Checks a parsed configuration; problems name the JSON path so an admin can fix the file. */
export function checkAppConfig(value: unknown): ConfigCheck {
  if (Value.Check(AppConfigSchema, value)) {
    const config = value as AppConfig;
    const problems = duplicateProblems(config);
    return problems.length === 0 ? { ok: true, config } : { ok: false, problems };
  }
  const problems = Value.Errors(AppConfigSchema, value).map(
    (error) => `${error.instancePath || '/'} ${error.message}`,
  );
  return { ok: false, problems: [...new Set(problems)].slice(0, 20) };
}
