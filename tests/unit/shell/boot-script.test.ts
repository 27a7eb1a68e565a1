import { runInNewContext } from 'node:vm';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeOf } from '../../../src/providers/theme';
import { bootScript } from '../../../src/shell/boot-script';
import { BACKGROUND } from '../../../src/shell/palette';
import { PUBLIC_PATHS } from '../../../src/app';
import { NOT_LOGIN_PATHS } from '../../../common/config/prerendered-look';
import { SESSION_KEYS } from '../../../src/providers/session-store';
import { BUILT_IN_PREFERENCES } from '../../../src/shell/preferences';

// The boot script paints before the bundle loads; the build inlines it into index.html from src/shell.
// These tests run it and hold its colours to the tokens antd computes.

const SOURCE = bootScript();

interface Painted {
  attributes: Record<string, string>;
  style: Record<string, string>;
}

function boot(stored: Record<string, string>, { storageThrows = false, hash = '#/login', session = {} as Record<string, string> } = {}): Painted {
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
  const sessionStorage = {
    getItem(key: string) {
      if (storageThrows) throw new Error('SecurityError');
      return session[key] ?? null;
    },
  };
  runInNewContext(SOURCE, { window: { localStorage, sessionStorage, location: { hash } }, document: { documentElement } });
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

  describe('shows index.html\'s drawing of the login page', () => {
    const shown = (painted: Painted) => painted.attributes['data-prerender'] !== 'off';

    it('to a visitor in the drawing\'s look, on the login page or any route that leads to it', () => {
      for (const hash of ['', '#/', '#/login', '#/login?to=%2Fnews', '#/news/companies']) expect(shown(boot({}, { hash })), hash).toBe(true);
      expect(shown(boot({ theme: BUILT_IN_PREFERENCES.theme, language: 'en', direction: 'ltr' }))).toBe(true);
      expect(shown(boot({}, { storageThrows: true }))).toBe(true);
    });

    it('not in another look, with a session, or on the other public pages', () => {
      for (const stored of [{ themeMode: 'dark' }, { language: 'es' }, { direction: 'rtl' }, { theme: 'redruby' }, { radius: 'flat' }] as Record<string, string>[]) {
        expect(shown(boot(stored)), JSON.stringify(stored)).toBe(false);
      }
      expect(shown(boot({}, { session: { [SESSION_KEYS.accessToken]: 'token' } }))).toBe(false);
      for (const path of NOT_LOGIN_PATHS) expect(shown(boot({}, { hash: `#${path}` })), path).toBe(false);
      expect([...NOT_LOGIN_PATHS].sort()).toEqual(PUBLIC_PATHS.filter((path) => path !== '/login').sort());
    });
  });
});
