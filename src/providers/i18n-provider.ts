import type { I18nProvider } from '@refinedev/core';
import type { I18n } from '../i18n/i18n';

/** Refine's texts go through the same i18next instance as ours. */
export function createI18nProvider(i18n: I18n): I18nProvider {
  return {
    translate(key, options?: unknown, defaultMessage?: string) {
      // Refine calls translate(key, defaultMessage) as well as translate(key, options, defaultMessage).
      const values = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
      const fallback = typeof options === 'string' ? options : defaultMessage;
      return i18n.t(key, { ...values, ...(fallback === undefined ? {} : { defaultValue: fallback }) });
    },
    changeLocale: (locale) => i18n.changeLanguage(locale),
    getLocale: () => i18n.language,
  };
}
