import { ConfigProvider } from 'antd';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { themeOf } from '../providers/theme';
import { BACKGROUND, primaryShown, TEXT } from './palette';
import { storePreferences, type Preferences } from './preferences';

interface PreferencesContextValue {
  preferences: Preferences;
  setPreferences(change: Partial<Preferences>): void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

/**
 * Theme, radius and menu mode: antd's tokens for the tree below, and the same
 * attributes the boot script put on <html> before the first paint, kept current.
 */
export function PreferencesProvider({ initial, children }: { initial: Preferences; children: ReactNode }) {
  const [preferences, setState] = useState(initial);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = preferences.theme;
    root.dataset.themeMode = preferences.themeMode;
    root.dataset.radius = preferences.radius;
    root.style.backgroundColor = BACKGROUND[preferences.themeMode];
    root.style.color = TEXT[preferences.themeMode];
    root.style.colorScheme = preferences.themeMode;
    root.style.setProperty('--boot-primary', primaryShown(preferences.theme, preferences.themeMode));
  }, [preferences]);

  const setPreferences = useCallback((change: Partial<Preferences>) => {
    setState((current) => {
      const next = { ...current, ...change };
      storePreferences(next);
      return next;
    });
  }, []);

  const value = useMemo(() => ({ preferences, setPreferences }), [preferences, setPreferences]);
  const themeConfig = useMemo(
    () => themeOf(preferences),
    [preferences.theme, preferences.themeMode, preferences.radius], // eslint-disable-line react-hooks/exhaustive-deps
  );

  return (
    <PreferencesContext value={value}>
      <ConfigProvider theme={themeConfig}>{children}</ConfigProvider>
    </PreferencesContext>
  );
}

export function usePreferences(): PreferencesContextValue {
  const value = use(PreferencesContext);
  if (!value) throw new Error('usePreferences must be used inside <PreferencesProvider>');
  return value;
}
