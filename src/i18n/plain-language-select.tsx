import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from './locale-provider';
import { choiceOf, LOCALE_OPTIONS, localeOf, type LocaleChoice } from './locales';

/**
 * The language choice of the public pages: the browser's own select, drawn with the
 * theme's tokens to sit beside antd's controls. antd's Select (with its virtual list,
 * trigger and overflow) was a tenth of the login route's script; on a phone the native
 * picker is also the easier one to use. Behind the login, LanguageSelect is antd's.
 */
export function PlainLanguageSelect() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { locale, setLocale } = useLocale();
  return (
    <select
      data-testid="language-select"
      aria-label={t('language.label')}
      value={choiceOf(locale)}
      onChange={(event) => void setLocale(localeOf(event.target.value as LocaleChoice))}
      style={{
        minWidth: 120,
        height: token.controlHeight,
        padding: `0 ${token.paddingXS}px`,
        font: 'inherit',
        fontSize: token.fontSize,
        color: token.colorText,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        cursor: 'pointer',
      }}
    >
      {LOCALE_OPTIONS.map((option) => (
        <option key={option.choice} value={option.choice}>
          {t(option.labelKey)}
        </option>
      ))}
    </select>
  );
}
