import dayjs from 'dayjs';
import type { ReactNode } from 'react';

// Dates, numbers, ids and e-mail addresses read left to right in every locale. In a
// right-to-left page the bidi algorithm reorders their runs ("2026-11-23 00:14" shows as
// "00:14 2026-11-23") and moves their punctuation, unless each sits in a left-to-right
// isolate. Everything that shows a date goes through here, so none is left out.

const LRI = '\u2066';
const PDI = '\u2069';

/** A date and time as the app shows them: `YYYY-MM-DD HH:mm` (with seconds when asked); '' for none or garbage. */
export function formatDateTime(value: string | number | Date | null | undefined, { seconds = false } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '';
}

/** Plain text kept left to right inside any paragraph, for places that take a string (titles, toasts, attributes). */
export function isolateLtr(text: string): string {
  return text === '' ? text : `${LRI}${text}${PDI}`;
}

/** Left-to-right content (an id, an address, a number) inside a page of either direction. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** A date and time, in order in both directions; nothing for a missing or unreadable value. */
export function DateTime({ value, seconds = false }: { value: string | number | Date | null | undefined; seconds?: boolean }) {
  const text = formatDateTime(value, { seconds });
  return text === '' ? null : (
    <bdi dir="ltr" data-datetime={text}>
      {text}
    </bdi>
  );
}
