import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { addLanguage, antdLocaleOf, applyDirection, type I18n } from './i18n';
import { storeLocale, type Locale } from './locales';

interface LocaleContextValue {
  locale: Locale;
  setLocale(next: Locale): Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

interface LocaleProviderProps {
  i18n: I18n;
  initial: Locale;
  children: ReactNode;
}

/**
 * One place switches i18next, antd (texts and direction), dayjs and the <html> attributes
 * together. A language other than English is loaded (addLanguage) before it is switched to,
 * with antd's and dayjs's texts for it.
 */
export function LocaleProvider({ i18n, initial, children }: LocaleProviderProps) {
  const [locale, setLocaleState] = useState(() => {
    // Before the first render's texts, whoever created the instance.
    applyDirection(i18n, initial.direction);
    return initial;
  });

  useEffect(() => {
    dayjs.locale(locale.language);
    document.documentElement.lang = locale.language;
    document.documentElement.dir = locale.direction;
  }, [locale]);

  const setLocale = useCallback(
    async (next: Locale) => {
      await addLanguage(i18n, next.language);
      storeLocale(next);
      // Before the language change: its event gives every component a new `t`, so texts
      // kept in memos are worded again, isolated or not.
      applyDirection(i18n, next.direction);
      await i18n.changeLanguage(next.language);
      setLocaleState(next);
    },
    [i18n],
  );

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);

  return (
    <I18nextProvider i18n={i18n}>
      <LocaleContext value={value}>
        <ConfigProvider direction={locale.direction} locale={antdLocaleOf(locale.language)}>
          {children}
        </ConfigProvider>
      </LocaleContext>
    </I18nextProvider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside <LocaleProvider>');
  return value;
}
