import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime, formatDateTime, isolateLtr } from '../i18n/formatting';

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 hours ago" / "hace 3 horas", in the reader's language. */
export function relativeTime(value: string, language: string, now = Date.now()): string {
  const then = new Date(value).getTime();
  if (!Number.isFinite(then)) return '';
  let amount = (then - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}

/** When, relative ("2 days ago") above the absolute date and time. */
export function RelativeDate({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={0} title={isolateLtr(formatDateTime(value))}>
      {/* Its own direction from its words: "36 seconds ago" stays in order on a right-to-left page. */}
      <span>
        <bdi>{relativeTime(value, i18n.language)}</bdi>
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <DateTime value={value} />
      </Typography.Text>
    </Flex>
  );
}
