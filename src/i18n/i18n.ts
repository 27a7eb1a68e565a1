import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../config/schema';
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

/** A fresh instance per app (and per test), ready synchronously: the resources are bundled. */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(TRANSLATIONS).map(([lng, translation]) => [lng, { translation }]),
    ),
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    // React escapes already; escaping twice would show &amp; in the page.
    interpolation: { escapeValue: false },
  });
  return instance;
}
