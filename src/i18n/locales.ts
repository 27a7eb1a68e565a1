// Types only: importing the schema's values would pull TypeBox into the entry chunk.
import type { Direction, Language } from '../../common/config/schema';

// The reader's choice outlives the session (unlike the sealing keys), so it is
// kept in localStorage; the runtime config only supplies the first default.
export const LANGUAGE_STORAGE_KEY = 'language';
export const DIRECTION_STORAGE_KEY = 'direction';

export interface Locale {
  language: Language;
  direction: Direction;
}

export type LocaleChoice = 'en' | 'es' | 'en-RTL';

export interface LocaleOption extends Locale {
  choice: LocaleChoice;
  labelKey: string;
}

// en-RTL is not a third translation: it is English laid out right to left, so
// RTL layouts can be checked before an RTL language is added.
export const LOCALE_OPTIONS: readonly LocaleOption[] = [
  { choice: 'en', language: 'en', direction: 'ltr', labelKey: 'language.en' },
  { choice: 'es', language: 'es', direction: 'ltr', labelKey: 'language.es' },
  { choice: 'en-RTL', language: 'en', direction: 'rtl', labelKey: 'language.en-RTL' },
];

export function choiceOf(locale: Locale): LocaleChoice {
  const exact = LOCALE_OPTIONS.find(
    (option) => option.language === locale.language && option.direction === locale.direction,
  );
  return exact?.choice ?? locale.language;
}

export function localeOf(choice: LocaleChoice): Locale {
  const option = LOCALE_OPTIONS.find((candidate) => candidate.choice === choice) ?? LOCALE_OPTIONS[0];
  return { language: option?.language ?? 'en', direction: option?.direction ?? 'ltr' };
}

function isLanguage(value: unknown): value is Language {
  return LOCALE_OPTIONS.some((option) => option.language === value);
}

function isDirection(value: unknown): value is Direction {
  return LOCALE_OPTIONS.some((option) => option.direction === value);
}

/** The stored choice where it is valid, the configured default otherwise. */
export function readStoredLocale(defaults: Locale, storage: Storage | undefined = safeLocalStorage()): Locale {
  const language = storage?.getItem(LANGUAGE_STORAGE_KEY);
  const direction = storage?.getItem(DIRECTION_STORAGE_KEY);
  return {
    language: isLanguage(language) ? language : defaults.language,
    direction: isDirection(direction) ? direction : defaults.direction,
  };
}

export function storeLocale(locale: Locale, storage: Storage | undefined = safeLocalStorage()): void {
  storage?.setItem(LANGUAGE_STORAGE_KEY, locale.language);
  storage?.setItem(DIRECTION_STORAGE_KEY, locale.direction);
}

// Some browsers throw on localStorage access when storage is disabled; the app
// still works, it only forgets the choice.
function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
