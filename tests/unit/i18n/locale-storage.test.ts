import { describe, expect, it } from 'vitest';
import { choiceOf, localeOf, readStoredLocale, storeLocale } from '../../../src/i18n/locales';
import { createMemoryStorage } from '../../../src/providers/session-store';

describe('stored locale', () => {
  it('defaults to the configuration and remembers the reader’s choice', () => {
    const storage = createMemoryStorage();
    expect(readStoredLocale({ language: 'es', direction: 'ltr' }, storage)).toEqual({ language: 'es', direction: 'ltr' });
    storeLocale(localeOf('en-RTL'), storage);
    expect(storage.getItem('language')).toBe('en');
    expect(storage.getItem('direction')).toBe('rtl');
    expect(choiceOf(readStoredLocale({ language: 'es', direction: 'ltr' }, storage))).toBe('en-RTL');
  });

  it('ignores stored values it does not know', () => {
    const storage = createMemoryStorage();
    storage.setItem('language', 'fr');
    storage.setItem('direction', 'sideways');
    expect(readStoredLocale({ language: 'en', direction: 'ltr' }, storage)).toEqual({ language: 'en', direction: 'ltr' });
  });
});
