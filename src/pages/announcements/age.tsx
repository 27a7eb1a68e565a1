import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isolateLtr } from '../../i18n/formatting';

// An announcement's age since the exchange disseminated it: the number a reviewer races
// against. Compact ("45 s", "12 min", "3 h 5 min", "2 d"), spelled out for screen readers
// ("3 hours 5 minutes"), and ticking while on screen.

export type AgeUnit = 'second' | 'minute' | 'hour' | 'day';
export interface AgePart {
  unit: AgeUnit;
  count: number;
}

/** The largest unit, and the minutes after the hours (the only two-part form). Negative ages (clock skew) are 0 s. */
export function ageParts(seconds: number): AgePart[] {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s < 60) return [{ unit: 'second', count: s }];
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return [{ unit: 'minute', count: minutes }];
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0 ? [{ unit: 'hour', count: hours }] : [{ unit: 'hour', count: hours }, { unit: 'minute', count: rest }];
  }
  return [{ unit: 'day', count: Math.floor(hours / 24) }];
}

type Translate = (key: string, options: { count: number }) => string;

/** "3 h 5 min" (short) or "3 hours 5 minutes" (long), in the reader's language. */
export function ageText(seconds: number, t: Translate, form: 'short' | 'long' = 'short'): string {
  return ageParts(seconds)
    .map(({ unit, count }) => t(`announcements.age.${form}.${unit}`, { count }))
    .join(' ');
}

export function secondsSince(iso: string, now: number): number {
  const then = new Date(iso).getTime();
  return Number.isFinite(then) ? (now - then) / 1000 : 0;
}

const TICK_MS = 5_000;

/** The clock the ages read, one timer per page. */
export function useNow(tickMs = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

export function Age({ since, now }: { since: string; now: number }) {
  const { t } = useTranslation();
  const seconds = secondsSince(since, now);
  return (
    <bdi title={isolateLtr(formatDateTime(since, { seconds: true }))} aria-label={ageText(seconds, t, 'long')} data-testid="announcement-age" style={{ whiteSpace: 'nowrap' }}>
      {ageText(seconds, t)}
    </bdi>
  );
}
