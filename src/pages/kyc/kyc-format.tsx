import { CheckCircleOutlined, ExclamationCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/status-tag';
import { Ltr } from '../../i18n/formatting';
import type { KycScanStatus, KycStatus } from '../../../common/domains/kyc/model';
import type { KycUserRef } from './kyc-api';

// How the KYC screens show statuses, scan results and users, the same on every screen.

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
    <StatusTag status={status} colours={STATUS_COLOURS}>
      {t(`kyc.status.${status}`, { defaultValue: status })}
    </StatusTag>
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
