import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Direction, Language } from '../config/schema';
import { FIELD_REASONS, SERVER_MESSAGES } from '../resources/server-messages';
import en from './en.json';
import es from './es.json';

export type { I18n };

/**
 * Every locale bundled with the app; tests compare their keys. The server's sentences
 * (`server.*`, `serverField.*`) are English in the catalogue the server sends them from,
 * so English takes them from there rather than from a copy.
 */
export const TRANSLATIONS: Record<Language, Record<string, unknown>> = {
  en: { ...en, server: SERVER_MESSAGES, serverField: FIELD_REASONS },
  es,
};

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
  process: (value: string) => (value === '' ? value : `\u2066${value}\u2069`),
};

/** Wraps every translation in a left-to-right isolate while the page is laid out right to left. */
export function applyDirection(instance: I18n, direction: Direction): void {
  instance.options.postProcess = direction === 'rtl' ? [LTR_ISOLATE] : [];
}

/** A fresh instance per app (and per test), ready synchronously: the resources are bundled. */
export function createI18n(language: Language, direction: Direction = 'ltr'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).use(ltrIsolate).init({
    resources: Object.fromEntries(
      Object.entries(TRANSLATIONS).map(([lng, translation]) => [lng, { translation }]),
    ),
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    // React escapes already; escaping twice would show &amp; in the page.
    interpolation: { escapeValue: false },
    postProcess: direction === 'rtl' ? [LTR_ISOLATE] : [],
  });
  return instance;
}
