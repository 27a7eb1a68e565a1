import { Drawer, Flex, Radio, theme } from 'antd';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RADII, THEME_COLORS, THEME_MODES } from '../../common/config/values';
import { LanguageSelect } from '../i18n/language-select';
import { useLocale } from '../i18n/locale-provider';
import { PRIMARY } from './palette';
import { MENU_MODES, type Preferences } from './preferences';
import { usePreferences } from './preferences-provider';

function Section({ title, children }: { title: string; children: (labelId: string) => ReactNode }) {
  const id = useId();
  const { token } = theme.useToken();
  return (
    <section style={{ marginBottom: token.marginLG }}>
      <h2 id={id} style={{ fontSize: token.fontSize, fontWeight: token.fontWeightStrong, margin: `0 0 ${token.marginXS}px` }}>
        {title}
      </h2>
      {children(id)}
    </section>
  );
}

/** Look and feel, stored per browser: colour, light or dark, corners, menu mode, language. */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { preferences, setPreferences } = usePreferences();

  function choice<K extends keyof Preferences>(key: K, values: readonly Preferences[K][], label: (value: Preferences[K]) => ReactNode) {
    return (labelId: string) => (
      <div role="radiogroup" aria-labelledby={labelId}>
      <Radio.Group
        value={preferences[key]}
        onChange={(event) => setPreferences({ [key]: event.target.value as Preferences[K] })}
        optionType="button"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      >
        {values.map((value) => (
          <Radio.Button key={value} value={value} data-testid={`settings-${key}-${value}`}>
            {label(value)}
          </Radio.Button>
        ))}
      </Radio.Group>
      </div>
    );
  }

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      placement={locale.direction === 'rtl' ? 'left' : 'right'}
      width={380}
      closeIcon={<span aria-label={t('settings.close')}>×</span>}
      data-testid="settings-panel"
      rootClassName="settings-panel"
    >
      <Section title={t('settings.color')}>
        {choice('theme', THEME_COLORS, (color) => (
          <Flex align="center" gap={6}>
            <span aria-hidden style={{ width: 12, height: 12, borderRadius: '50%', background: PRIMARY[color], display: 'inline-block' }} />
            {t(`settings.colors.${color}`)}
          </Flex>
        ))}
      </Section>
      <Section title={t('settings.mode')}>{choice('themeMode', THEME_MODES, (mode) => t(`settings.modes.${mode}`))}</Section>
      <Section title={t('settings.radius')}>{choice('radius', RADII, (radius) => t(`settings.radii.${radius}`))}</Section>
      <Section title={t('settings.menu')}>{choice('menuMode', MENU_MODES, (mode) => t(`settings.menuModes.${mode}`))}</Section>
      <Section title={t('language.label')}>{() => <LanguageSelect />}</Section>
    </Drawer>
  );
}
