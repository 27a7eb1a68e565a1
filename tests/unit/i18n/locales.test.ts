import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSLATIONS } from '../../../src/i18n/translations';
import { LOCALE_OPTIONS } from '../../../src/i18n/locales';
import { AREAS } from '../../../common/resources/areas';
import { FIELD_REASONS, SERVER_MESSAGES } from '../../../common/messages';
import { RESOURCES } from '../../../common/resources/registry';
import { ROLE_LABEL_KEYS } from '../../../common/resources/types';

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

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Keys of `a` that `b` lacks. A plural family ("x_one", "x_other") counts as one key "x":
 * languages need different forms (Spanish has "many"), checked by pluralGaps below.
 */
function missingKeys(a: Tree, b: Tree): string[] {
  const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
  const other = new Set([...flatten(b).keys()].map(base));
  return [...new Set([...flatten(a).keys()].map(base))].filter((key) => !other.has(key));
}

/** Plural families of `tree` lacking a form `language` uses (Intl's categories, as i18next picks them). */
function pluralGaps(language: string, tree: Tree): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set(flatten(tree).keys());
  const families = new Set([...keys].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
  return [...families].flatMap((family) => categories.filter((category) => !keys.has(`${family}_${category}`)).map((category) => `${family}_${category}`));
}

/** Every .ts/.tsx file below `dir`, with its text. */
function sourceFiles(dir = 'src'): Array<{ path: string; text: string }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [{ path, text: readFileSync(path, 'utf8') }] : [];
  });
}

/** Interpolations the source fills with nothing, which read as "at most  characters". */
function emptyInterpolations(): string[] {
  return sourceFiles().flatMap(({ path, text }) =>
    [...text.matchAll(/\bt\([^)]*\{[^}]*:\s*(''|""|``)[^}]*\}/g)].map((match) => `${path}: ${match[0]}`),
  );
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
function keysUsedInSource(): string[] {
  const keys = sourceFiles().flatMap(({ text }) => [...text.matchAll(/\bt\(\s*'([A-Za-z0-9.-]+)'/g)].flatMap((match) => (match[1] ? [match[1]] : [])));
  return [...new Set(keys)];
}

describe('missingKeys (the check itself)', () => {
  it('reports keys present in one tree and absent from the other, in both directions', () => {
    const en = { a: 'A', nested: { b: 'B', c: 'C' } };
    const es = { a: 'A', nested: { b: 'B' }, extra: 'X' };
    expect(missingKeys(en, es)).toEqual(['nested.c']);
    expect(missingKeys(es, en)).toEqual(['extra']);
  });

  it('treats a plural family as one key, and finds the forms a language lacks', () => {
    expect(missingKeys({ rows_one: 'a', rows_other: 'b' }, { rows_one: 'a', rows_many: 'c', rows_other: 'b' })).toEqual([]);
    expect(pluralGaps('es', { rows_one: 'a', rows_other: 'b' })).toEqual(['rows_many']);
    expect(pluralGaps('en', { rows_one: 'a', rows_other: 'b' })).toEqual([]);
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
      // A plural family is used by its base key with `count` ("x" → "x_one", "x_other").
      expect(used.filter((key) => !leaves.has(key) && !leaves.has(`${key}_other`))).toEqual([]);
    });
  }

  for (const [language, tree] of LOCALES) {
    it(`${language} has every plural form its language uses (else i18next falls back to English)`, () => {
      expect(pluralGaps(language, tree)).toEqual([]);
    });
  }

  it('words every server message and field reason in Spanish (es.json server.*, serverField.*)', () => {
    const spanish = flatten(TRANSLATIONS.es);
    const wanted = [
      ...Object.keys(SERVER_MESSAGES).map((code) => `server.${code}`),
      ...Object.keys(FIELD_REASONS).map((code) => `serverField.${code}`),
    ];
    expect(wanted.filter((key) => typeof spanish.get(key) !== 'string' || String(spanish.get(key)).trim() === '')).toEqual([]);
    // No Spanish code the catalogue does not have (a renamed code left behind).
    const known = new Set(wanted.map((key) => key.replace(PLURAL_SUFFIX, '')));
    expect([...spanish.keys()].filter((key) => /^server(Field)?\./.test(key) && !known.has(key.replace(PLURAL_SUFFIX, '')))).toEqual([]);
  });

  it('never fills an interpolation with an empty value in the source', () => {
    expect(emptyInterpolations()).toEqual([]);
  });

  it('uses the same {{placeholders}} in every language', () => {
    const english = flatten(TRANSLATIONS.en);
    const mismatches = LOCALES.flatMap(([language, tree]) =>
      [...flatten(tree)]
        .map(([key, value]): [string, unknown, unknown] => [key, value, english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'))])
        .filter(([, value, source]) => source !== undefined && placeholders(value).join() !== placeholders(source).join())
        .map(([key]) => `${language}:${key}`),
    );
    expect(mismatches).toEqual([]);
  });

  it('Spanish is really translated, not a copy of English', () => {
    const english = flatten(TRANSLATIONS.en);
    const spanish = flatten(TRANSLATIONS.es);
    const same = [...spanish].filter(([key, value]) => english.get(key) === value).map(([key]) => key);
    // Names that are the same in both languages (brands, acronyms, language names).
    const allowed = new Set(['app.title', 'language.en', 'language.es', 'areas.kyc', 'areas.finview', 'generic.no', 'announcements.source.manual', 'announcementFeeds.sources.BSE', 'announcementFeeds.sources.NSE']);
    // Unit symbols ("45 s", "3 h 5 min") are the same in both languages.
    for (const [key] of spanish) if (key.startsWith('announcements.age.short.')) allowed.add(key);
    // Title patterns made only of placeholders and punctuation.
    for (const [key, value] of spanish) if (typeof value === 'string' && value.replace(/{{\s*\w+\s*}}|[\s·:.]/g, '') === '') allowed.add(key);
    expect(same.filter((key) => !allowed.has(key))).toEqual([]);
  });
});
