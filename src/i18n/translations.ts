import type { Language } from '../../common/config/schema';
import enApp from './en-app.json';
import es from './es.json';
import { ENGLISH } from './i18n';

/**
 * Every locale's catalogue at once, for the tests that compare their keys. The app
 * never imports this: it loads a language other than English when it is chosen
 * (i18n.ts, loadLanguage).
 */
export const TRANSLATIONS: Record<Language, Record<string, unknown>> = { en: { ...ENGLISH, ...enApp }, es };
