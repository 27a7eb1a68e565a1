import { runInNewContext } from 'node:vm';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeOf } from '../../../src/providers/theme';
import { bootScript } from '../../../src/shell/boot-script';
import { BACKGROUND } from '../../../src/shell/palette';
import { BUILT_IN_PREFERENCES } from '../../../src/shell/preferences';

// The boot script paints before the bundle loads; the build inlines it into index.html from src/shell.
// These tests run it and hold its colours to the tokens antd computes.

const SOURCE = bootScript();

interface Painted {
  attributes: Record<string, string>;
  style: Record<string, string>;
}

function boot(stored: Record<string, string>, { storageThrows = false } = {}): Painted {
  const attributes: Record<string, string> = { lang: 'en', dir: 'ltr' };
  const style: Record<string, string> = {};
  const documentElement = {
    getAttribute: (name: string) => attributes[name] ?? null,
    setAttribute: (name: string, value: string) => void (attributes[name] = value),
    style: new Proxy(style, {
      get: (target, key) => (key === 'setProperty' ? (name: string, value: string) => void (target[name] = value) : target[key as string]),
      set: (target, key, value: string) => {
        target[key as string] = value;
        return true;
      },
    }),
  };
  const localStorage = {
    getItem(key: string) {
      if (storageThrows) throw new Error('SecurityError');
      return stored[key] ?? null;
    },
  };
  runInNewContext(SOURCE, { window: { localStorage }, document: { documentElement } });
  return { attributes, style };
}

describe('the boot script', () => {
  it('uses the backgrounds antd paints under each algorithm', () => {
    expect(theme.getDesignToken({ algorithm: theme.defaultAlgorithm }).colorBgLayout.toLowerCase()).toBe(BACKGROUND.light);
    expect(theme.getDesignToken({ algorithm: theme.darkAlgorithm }).colorBgLayout.toLowerCase()).toBe(BACKGROUND.dark);
  });

  it('paints the stored choices on <html>', () => {
    const { attributes, style } = boot({
      theme: 'redruby',
      themeMode: 'dark',
      radius: 'flat',
      language: 'es',
      direction: 'rtl',
    });
    expect(attributes).toMatchObject({ 'data-theme': 'redruby', 'data-theme-mode': 'dark', 'data-radius': 'flat', lang: 'es', dir: 'rtl' });
    // The primary colour antd shows in dark mode, not the palette's light-mode seed.
    const darkRuby = theme.getDesignToken(themeOf({ theme: 'redruby', themeMode: 'dark', radius: 'flat' })).colorPrimary;
    expect(style).toMatchObject({ backgroundColor: BACKGROUND.dark, colorScheme: 'dark', '--boot-primary': darkRuby });
  });

  it('falls back to the built-in defaults for unknown values, and when storage is refused', () => {
    const expected = {
      'data-theme': BUILT_IN_PREFERENCES.theme,
      'data-theme-mode': BUILT_IN_PREFERENCES.themeMode,
      'data-radius': BUILT_IN_PREFERENCES.radius,
      lang: 'en',
      dir: 'ltr',
    };
    const unknown = boot({ theme: 'plaid', themeMode: 'dim', radius: 'blobby', language: 'fr', direction: 'diagonal' });
    expect(unknown.attributes).toMatchObject(expected);
    expect(unknown.style.backgroundColor).toBe(BACKGROUND.light);
    expect(boot({}, { storageThrows: true }).attributes).toMatchObject(expected);
  });
});
