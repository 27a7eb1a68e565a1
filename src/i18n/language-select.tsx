import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from './locale-provider';
import { choiceOf, LOCALE_OPTIONS, localeOf, type LocaleChoice } from './locales';

export function LanguageSelect() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <Select<LocaleChoice>
      data-testid="language-select"
      aria-label={t('language.label')}
      value={choiceOf(locale)}
      onChange={(choice) => void setLocale(localeOf(choice))}
      options={LOCALE_OPTIONS.map((option) => ({ value: option.choice, label: t(option.labelKey) }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: 120 }}
    />
  );
}
