import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Direction, Language } from '../../common/config/schema';
import { FIELD_REASONS, SERVER_MESSAGES } from '../../common/messages';
import en from './en.json';

export type { I18n };

type Catalogue = Record<string, unknown>;

/**
 * English, the fallback of every other language, is bundled with the entry: en.json holds
 * what the public pages, the error views and the toasts say; en-app.json, everything behind
 * the login, comes with the app (private-app.tsx, addEnglishApp). The server's sentences
 * (`server.*`, `serverField.*`) are English in the catalogue the server sends them from, so
 * English takes them from there rather than from a copy.
 */
export const ENGLISH: Catalogue = { ...en, server: SERVER_MESSAGES, serverField: FIELD_REASONS };

// Every other language is a chunk of its own, fetched when it is the reader's: Spanish
// alone is larger than English, and most first loads never need it.
// antd's texts come with the language (English is antd's own default).
const antdLocales: Partial<Record<Language, AntdLocale>> = {};
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () =>
    import('./spanish').then(({ default: spanish }) => {
      antdLocales.es = spanish.antd;
      return spanish.catalogue;
    }),
};

/** antd's texts for `language` once it is loaded; undefined is antd's English. */
export function antdLocaleOf(language: Language): AntdLocale | undefined {
  return antdLocales[language];
}

const loaded: Partial<Record<Language, Catalogue>> = { en: ENGLISH };

/** Fetches a language's catalogue once; instances created afterwards start with it. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language !== 'en') loaded[language] ??= await LOADERS[language]();
}

/**
 * Adds the English of the pages behind the login (en-app.json, which the app's chunk
 * brings) to `instance` and to the instances created afterwards. Its top-level keys are
 * not en.json's, so nothing is replaced.
 */
export function addEnglishApp(instance: I18n | undefined, catalogue: Catalogue): void {
  loaded.en = { ...loaded.en, ...catalogue };
  instance?.addResourceBundle('en', 'translation', catalogue, true, false);
}

/** Fetches `language` if need be and adds it to `instance`, before a switch to it. */
export async function addLanguage(instance: I18n, language: Language): Promise<void> {
  await loadLanguage(language);
  const catalogue = loaded[language];
  if (catalogue && !instance.hasResourceBundle(language, 'translation')) instance.addResourceBundle(language, 'translation', catalogue);
}

const LTR_ISOLATE = 'ltrIsolate';

/**
 * Both languages are written left to right. Laid out right to left (en-RTL), each of their
 * sentences is a left-to-right island in a right-to-left page: without an isolate the bidi
 * algorithm moves its final stop, brackets and numbers ("2 :Items updated."). With one, the
 * sentence reads as written and still sits at the right. A right-to-left language would not
 * take this.
 */
const ltrIsolate = {
  type: 'postProcessor' as const,
  name: LTR_ISOLATE,
  process: (value: string) => (value === '' ? value : `${LRI}${withoutInnerLtrIsolates(value)}${PDI}`),
};

const LRI = '\u2066';
const PDI = '\u2069';
const OPENERS = new Set(['\u2066', '\u2067', '\u2068']);

/**
 * A translation with another in it ("No {{resource}} yet" with "Data corrections") would carry
 * an isolate inside an isolate: inside a left-to-right sentence a left-to-right one says
 * nothing, and the tab title showed them nested. Only our left-to-right isolates go; the
 * first-strong ones around user data (formatting.tsx) stay, with their own closing marks.
 */
export function withoutInnerLtrIsolates(value: string): string {
  if (!value.includes(LRI)) return value;
  const open: boolean[] = [];
  let out = '';
  for (const char of value) {
    if (OPENERS.has(char)) {
      const ours = char === LRI;
      open.push(ours);
      if (!ours) out += char;
    } else if (char === PDI) {
      if (open.pop() !== true) out += char;
    } else out += char;
  }
  return out;
}

/** Wraps every translation in a left-to-right isolate while the page is laid out right to left. */
export function applyDirection(instance: I18n, direction: Direction): void {
  instance.options.postProcess = direction === 'rtl' ? [LTR_ISOLATE] : [];
}

/**
 * A fresh instance per app (and per test), ready synchronously with the languages
 * loaded so far: a caller starting in another language awaits loadLanguage first.
 */
export function createI18n(language: Language, direction: Direction = 'ltr'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).use(ltrIsolate).init({
    resources: Object.fromEntries(Object.entries(loaded).map(([lng, translation]) => [lng, { translation }])),
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    // React escapes already; escaping twice would show &amp; in the page.
    interpolation: { escapeValue: false },
    postProcess: direction === 'rtl' ? [LTR_ISOLATE] : [],
  });
  return instance;
}
