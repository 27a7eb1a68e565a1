import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS, THEME_MODES } from '../../../common/config/values';
import { TRANSLATIONS } from '../../../src/i18n/translations';
import { createMemoryStorage } from '../../../src/providers/session-store';
import { themeOf } from '../../../src/providers/theme';
import { menuStateOf } from '../../../src/shell/menu-state';
import { primarySeed } from '../../../src/shell/palette';
import { MENU_MODES, readStoredPreferences, storePreferences } from '../../../src/shell/preferences';

const DEFAULTS = { theme: 'blueolympic', themeMode: 'light', radius: 'rounded', menuClass: 'menu-default' } as const;

describe('stored preferences', () => {
  it('start from the configured defaults and keep the reader’s choices under their keys', () => {
    const storage = createMemoryStorage();
    expect(readStoredPreferences({ ...DEFAULTS, themeMode: 'dark' }, storage)).toEqual({
      theme: 'blueolympic',
      themeMode: 'dark',
      radius: 'rounded',
      menuMode: 'menu-default',
    });
    storePreferences({ theme: 'greysteel', themeMode: 'dark', radius: 'flat', menuMode: 'menu-hidden' }, storage);
    expect([storage.getItem('theme'), storage.getItem('themeMode'), storage.getItem('radius'), storage.getItem('menuMode')]).toEqual([
      'greysteel',
      'dark',
      'flat',
      'menu-hidden',
    ]);
    expect(readStoredPreferences(DEFAULTS, storage)).toEqual({ theme: 'greysteel', themeMode: 'dark', radius: 'flat', menuMode: 'menu-hidden' });
  });

  it('fall back to the defaults for unknown stored values', () => {
    const storage = createMemoryStorage();
    for (const [key, value] of Object.entries({ theme: 'plaid', themeMode: 'dim', radius: 'blobby', menuMode: 'menu-sideways' })) {
      storage.setItem(key, value);
    }
    expect(readStoredPreferences(DEFAULTS, storage)).toEqual({
      theme: 'blueolympic',
      themeMode: 'light',
      radius: 'rounded',
      menuMode: 'menu-default',
    });
  });

  it('fall back to built-in values when the configured menu class is not a known mode', () => {
    expect(readStoredPreferences({ ...DEFAULTS, menuClass: 'menu-custom' }, createMemoryStorage()).menuMode).toBe('menu-default');
  });

  it('survive a storage that throws', () => {
    const refusing = { ...createMemoryStorage(), getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(readStoredPreferences(DEFAULTS, refusing).theme).toBe('blueolympic');
    expect(() => storePreferences(readStoredPreferences(DEFAULTS, refusing), refusing)).not.toThrow();
  });
});

describe('themeOf', () => {
  it.each(THEME_MODES.flatMap((mode) => THEME_COLORS.map((color) => [color, mode] as const)))('%s %s goes through antd tokens', (color, mode) => {
    const config = themeOf({ theme: color, themeMode: mode, radius: 'rounded' });
    expect(config.token?.colorPrimary).toBe(primarySeed(color, mode));
    expect(config.algorithm).toBe(mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm);
  });

  it('flat means no radius', () => {
    expect(themeOf({ theme: 'blueolympic', themeMode: 'light', radius: 'flat' }).token?.borderRadius).toBe(0);
    expect(themeOf({ theme: 'blueolympic', themeMode: 'light', radius: 'rounded' }).token?.borderRadius).toBe(6);
  });
});

describe('menuStateOf', () => {
  const wide = { belowSubMenuWidth: false, belowMenuWidth: false };
  const medium = { belowSubMenuWidth: true, belowMenuWidth: false };
  const narrow = { belowSubMenuWidth: true, belowMenuWidth: true };
  it.each([
    ['menu-default', wide, 'default'],
    ['menu-default', medium, 'sub-hidden'],
    ['menu-default', narrow, 'hidden'],
    ['menu-sub-hidden', wide, 'sub-hidden'],
    ['menu-sub-hidden', narrow, 'hidden'],
    ['menu-hidden', wide, 'hidden'],
  ] as const)('%s at %j is %s', (mode, width, state) => {
    expect(menuStateOf(mode, width)).toBe(state);
  });
});

describe('settings labels', () => {
  it.each(Object.entries(TRANSLATIONS))('%s names every colour, mode, radius and menu mode', (_language, tree) => {
    const settings = (tree as { settings: Record<string, Record<string, string>> }).settings;
    expect(Object.keys(settings.colors ?? {}).sort()).toEqual([...THEME_COLORS].sort());
    expect(Object.keys(settings.modes ?? {}).sort()).toEqual([...THEME_MODES].sort());
    expect(Object.keys(settings.radii ?? {}).sort()).toEqual(['flat', 'rounded']);
    expect(Object.keys(settings.menuModes ?? {}).sort()).toEqual([...MENU_MODES].sort());
  });
});
