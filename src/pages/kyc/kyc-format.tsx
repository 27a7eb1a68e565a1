import { CheckCircleOutlined, ExclamationCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Flex, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, formatDateTime, isolateLtr, Ltr } from '../../i18n/formatting';
import type { KycScanStatus, KycStatus } from '../../resources/kyc-model';
import { ResourceIcon } from '../../shell/icons';
import type { KycUserRef } from './kyc-api';

// How the KYC screens show statuses, scan results, users and dates, the same on every screen.

const STATUS_COLOURS: Record<KycStatus, string> = {
  new: 'blue',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  revision: 'purple',
};

export function KycStatusTag({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`kyc.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

const SCAN_LOOK: Record<KycScanStatus, { color: string; icon: ReactNode }> = {
  clean: { color: 'green', icon: <CheckCircleOutlined /> },
  skipped: { color: 'default', icon: <MinusCircleOutlined /> },
  error: { color: 'red', icon: <ExclamationCircleOutlined /> },
};

export function ScanTag({ status, signature }: { status: KycScanStatus | null | undefined; signature?: string | null }) {
  const { t } = useTranslation();
  if (!status) return <Typography.Text type="secondary">—</Typography.Text>;
  const look = SCAN_LOOK[status];
  return (
    <Tag color={look?.color ?? 'default'} icon={look?.icon} data-scan={status} style={{ marginInlineEnd: 0 }}>
      {t(`kyc.scan.${status}`, { defaultValue: status })}
      {signature ? <> · <Ltr>{signature}</Ltr></> : null}
    </Tag>
  );
}

export function UserRef({ user }: { user: KycUserRef | null | undefined }) {
  if (!user) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Ltr>{user.username}</Ltr>;
}

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

/** A KYC page's heading: its icon (an @ant-design/icons name) and its title. */
export function KycTitle({ icon, children }: { icon: string; children: ReactNode }) {
  return (
    <Typography.Title level={3} style={{ margin: 0 }}>
      <Space>
        <ResourceIcon name={icon} />
        {children}
      </Space>
    </Typography.Title>
  );
}
