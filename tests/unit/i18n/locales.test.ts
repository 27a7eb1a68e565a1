import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSLATIONS } from '../../../src/i18n/i18n';
import { LOCALE_OPTIONS } from '../../../src/i18n/locales';
import { AREAS } from '../../../src/resources/areas';
import { RESOURCES } from '../../../src/resources/registry';
import { ROLE_LABEL_KEYS } from '../../../src/resources/types';

type Tree = Record<string, unknown>;

/** Every leaf as "a.b.c" → value. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [leaf, leafValue] of flatten(value as Tree, path)) leaves.set(leaf, leafValue);
    } else leaves.set(path, value);
  }
  return leaves;
}

/** Keys of `a` that `b` lacks. */
function missingKeys(a: Tree, b: Tree): string[] {
  const other = flatten(b);
  return [...flatten(a).keys()].filter((key) => !other.has(key));
}

const placeholders = (text: unknown) => (typeof text === 'string' ? [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort() : []);

const LOCALES = Object.entries(TRANSLATIONS);

/** Every label key the data names: resources (and their fields), areas, roles, language choices. */
function dataLabelKeys(): string[] {
  return [
    ...RESOURCES.flatMap((definition) => [
      definition.labelKey,
      ...(definition.fields ?? []).flatMap((field) => [field.labelKey, ...(field.options ?? []).map((option) => option.labelKey)]),
    ]),
    ...AREAS.map((area) => area.labelKey),
    ...Object.values(ROLE_LABEL_KEYS),
    ...LOCALE_OPTIONS.map((option) => option.labelKey),
  ];
}

/** Literal keys passed to t('…') anywhere in src/, so a typo fails here rather than showing a raw key. */
function keysUsedInSource(dir = 'src'): string[] {
  const keys: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) keys.push(...keysUsedInSource(path));
    else if (/\.(ts|tsx)$/.test(name)) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([A-Za-z0-9.-]+)'/g)) if (match[1]) keys.push(match[1]);
    }
  }
  return [...new Set(keys)];
}

describe('missingKeys (the check itself)', () => {
  it('reports keys present in one tree and absent from the other, in both directions', () => {
    const en = { a: 'A', nested: { b: 'B', c: 'C' } };
    const es = { a: 'A', nested: { b: 'B' }, extra: 'X' };
    expect(missingKeys(en, es)).toEqual(['nested.c']);
    expect(missingKeys(es, en)).toEqual(['extra']);
  });
});

describe('locales', () => {
  it('ship English and Spanish', () => {
    expect(Object.keys(TRANSLATIONS).sort()).toEqual(['en', 'es']);
  });

  for (const [language, tree] of LOCALES) {
    for (const [otherLanguage, otherTree] of LOCALES) {
      if (language === otherLanguage) continue;
      it(`${otherLanguage} has every key of ${language}`, () => {
        expect(missingKeys(tree, otherTree)).toEqual([]);
      });
    }

    it(`${language} has only non-empty strings`, () => {
      const bad = [...flatten(tree)].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad.map(([key]) => key)).toEqual([]);
    });

    it(`${language} translates every resource, field, area, role and language label`, () => {
      const leaves = flatten(tree);
      expect(dataLabelKeys().filter((key) => !leaves.has(key))).toEqual([]);
    });

    it(`${language} translates every key the source passes to t()`, () => {
      const leaves = flatten(tree);
      const used = keysUsedInSource();
      expect(used.length).toBeGreaterThan(30);
      expect(used.filter((key) => !leaves.has(key))).toEqual([]);
    });
  }

  it('uses the same {{placeholders}} in every language', () => {
    const english = flatten(TRANSLATIONS.en);
    const mismatches = LOCALES.flatMap(([language, tree]) =>
      [...flatten(tree)]
        .filter(([key, value]) => english.has(key) && placeholders(value).join() !== placeholders(english.get(key)).join())
        .map(([key]) => `${language}:${key}`),
    );
    expect(mismatches).toEqual([]);
  });

  it('Spanish is really translated, not a copy of English', () => {
    const english = flatten(TRANSLATIONS.en);
    const spanish = flatten(TRANSLATIONS.es);
    const same = [...spanish].filter(([key, value]) => english.get(key) === value).map(([key]) => key);
    // Names that are the same in both languages (brands, acronyms, language names).
    const allowed = new Set(['app.title', 'language.en', 'language.es', 'areas.kyc', 'areas.finview', 'generic.no']);
    expect(same.filter((key) => !allowed.has(key))).toEqual([]);
  });
});
