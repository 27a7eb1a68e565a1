import { formatDateTime as absolute, Ltr } from '../../../i18n/formatting';
import { RelativeDate } from '../../../components/relative-date';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format';
import type { CellProps } from './registry';
import { useCellWords } from './cell-words';

// Figures and dates in the reader's language, each in a left-to-right isolate so a
// right-to-left page keeps their order; data-value keeps the raw value for tests and copying.

export function NumberCell({ value }: CellProps) {
  const { language } = useCellWords();
  return <Ltr>{formatNumber(value, language) || String(value)}</Ltr>;
}

/** Two decimals, in the record's `currency` (ISO 4217) when it has one. */
export function MoneyCell({ value, record }: CellProps) {
  const { language } = useCellWords();
  const currency = typeof record.currency === 'string' ? record.currency : undefined;
  return <Ltr>{formatMoney(value, language, currency) || String(value)}</Ltr>;
}

export function DateCell({ value }: CellProps) {
  const { language } = useCellWords();
  return (
    <bdi dir="ltr" data-date={String(value)}>
      {formatDate(value, language) || String(value)}
    </bdi>
  );
}

/** The moment in the reader's words and zone; the full `YYYY-MM-DD HH:mm` on hover. */
export function DateTimeCell({ value }: CellProps) {
  const { language } = useCellWords();
  const full = absolute(value as string);
  return (
    <bdi dir="ltr" data-datetime={full} title={full}>
      {formatDateTime(value, language) || String(value)}
    </bdi>
  );
}

export function RelativeAgeCell({ value }: CellProps) {
  return <RelativeDate value={typeof value === 'string' ? value : new Date(value as number).toISOString()} />;
}
