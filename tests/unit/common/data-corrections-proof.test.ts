import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataCorrections } from '../../../common/resources/data-corrections';
import { RESOURCES } from '../../../common/resources/registry';
import { TRANSLATIONS } from '../../../src/i18n/translations';

// Issue 25 item 5: data corrections, a resource with a workflow (maker-checker, reasons, bulk,
// hotkeys, a dashboard queue), was added with its definition, one registry entry, one
// migration and its words only. If a page, a route or a service ever had to name it, this
// fails: the generic module and pages are what serve it.

const NAMES = /data[-_]corrections|dataCorrections/;

/** Every file below `dir` (node_modules and build output left out), with its text. */
function files(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return files(path);
    return [{ path, text: readFileSync(path, 'utf8') }];
  });
}

/** Where the app, the server and the shared code name the resource. */
function naming(): string[] {
  return [...files('src'), ...files('server'), ...files('common'), ...files('config')].filter(({ text }) => NAMES.test(text)).map(({ path }) => path);
}

function leaf(tree: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('data corrections needed nothing but a definition, a registry line, a migration and words', () => {
  it('is named only by its definition, the registry, its migration and the two catalogues', () => {
    expect(naming().sort()).toEqual(
      [
        'common/resources/data-corrections.ts',
        'common/resources/registry.ts',
        'server/migrations/021_data_corrections.sql',
        'src/i18n/en-app.json',
        'src/i18n/es.json',
      ].sort(),
    );
  });

  it('takes one entry in the registry (its import and its place in the list)', () => {
    const registry = readFileSync('common/resources/registry.ts', 'utf8');
    expect(registry.split('\n').filter((line) => NAMES.test(line))).toEqual([
      "import { dataCorrections } from './data-corrections';",
      '  dataCorrections,',
    ]);
    expect(RESOURCES).toContain(dataCorrections);
  });

  it('declares what the issue asks of it, served and drawn by the generic module and pages', () => {
    const { workflow } = dataCorrections;
    expect(dataCorrections.page).toBeUndefined();
    // An icon the shell already draws (a new one would need src/shell/icons.tsx).
    expect(readFileSync('src/shell/icons.tsx', 'utf8')).toContain(dataCorrections.icon);
    expect(dataCorrections.actionPages).toBeUndefined();
    expect(dataCorrections.storage?.table).toBe('data_corrections');
    expect(workflow?.states.map((state) => state.value)).toEqual(['open', 'in_review', 'fixed', 'rejected']);
    const byName = Object.fromEntries((workflow?.transitions ?? []).map((transition) => [transition.name, transition]));
    expect(byName.fix).toMatchObject({ from: ['in_review'], to: 'fixed', notBy: 'reportedBy' });
    expect(byName.reject).toMatchObject({ to: 'rejected', bulk: true });
    expect(byName.reject?.reasons?.length).toBeGreaterThanOrEqual(3);
    expect(dataCorrections.fields?.find((field) => field.name === 'reportedBy')?.auto).toBe('actor');
    expect(dataCorrections.fields?.find((field) => field.name === 'assigneeId')?.reference?.resource).toBe('users');
    expect(dataCorrections.queues).toEqual([expect.objectContaining({ filters: { status: 'open' } })]);
    expect((workflow?.transitions ?? []).filter((transition) => transition.hotkey).length).toBeGreaterThanOrEqual(3);
  });

  it('has every word it names in English and Spanish: states, transitions, reasons, queues', () => {
    const { workflow } = dataCorrections;
    const keys = [
      dataCorrections.labelKey,
      ...(workflow?.states ?? []).map((state) => state.labelKey),
      ...(workflow?.transitions ?? []).flatMap((transition) => [transition.labelKey, ...(transition.reasons ?? []).map((reason) => reason.labelKey)]),
      ...(dataCorrections.queues ?? []).map((queue) => queue.labelKey),
    ];
    for (const [language, tree] of Object.entries(TRANSLATIONS)) {
      expect(keys.filter((key) => typeof leaf(tree, key) !== 'string').map((key) => `${language}:${key}`)).toEqual([]);
    }
  });
});
