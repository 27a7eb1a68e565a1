import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATIONS } from '../../../src/i18n/translations';
import { ageParts, ageText, secondsSince } from '../../../src/pages/announcements/age';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: TRANSLATIONS.en }, es: { translation: TRANSLATIONS.es } }, interpolation: { escapeValue: false } });
});
const t = (key: string, options: { count: number }) => i18n.t(key, options);
const es = (key: string, options: { count: number }) => i18n.getFixedT('es')(key, options);

describe('announcement age', () => {
  it('keeps the largest unit, and the minutes after hours', () => {
    expect(ageParts(45)).toEqual([{ unit: 'second', count: 45 }]);
    expect(ageParts(59.9)).toEqual([{ unit: 'second', count: 59 }]);
    expect(ageParts(60)).toEqual([{ unit: 'minute', count: 1 }]);
    expect(ageParts(12 * 60 + 59)).toEqual([{ unit: 'minute', count: 12 }]);
    expect(ageParts(3 * 3600 + 5 * 60 + 7)).toEqual([{ unit: 'hour', count: 3 }, { unit: 'minute', count: 5 }]);
    expect(ageParts(3 * 3600)).toEqual([{ unit: 'hour', count: 3 }]);
    expect(ageParts(2 * 86400 + 3600)).toEqual([{ unit: 'day', count: 2 }]);
  });

  it('reads a clock ahead of the server as 0 s, and garbage as 0 s', () => {
    expect(ageParts(-30)).toEqual([{ unit: 'second', count: 0 }]);
    expect(ageParts(Number.NaN)).toEqual([{ unit: 'second', count: 0 }]);
    expect(secondsSince('not a date', Date.now())).toBe(0);
    expect(secondsSince('2026-11-23T10:00:00Z', Date.parse('2026-11-23T10:01:30Z'))).toBe(90);
  });

  it('is compact on screen and spelled out, with plurals, for screen readers', () => {
    expect(ageText(45, t)).toBe('45 s');
    expect(ageText(12 * 60, t)).toBe('12 min');
    expect(ageText(3 * 3600 + 5 * 60, t)).toBe('3 h 5 min');
    expect(ageText(2 * 86400, t)).toBe('2 d');
    expect(ageText(3600 + 60, t, 'long')).toBe('1 hour 1 minute');
    expect(ageText(2 * 3600 + 5 * 60, t, 'long')).toBe('2 hours 5 minutes');
    expect(ageText(1, es, 'long')).toBe('1 segundo');
    expect(ageText(2 * 86400, es, 'long')).toBe('2 días');
  });
});
