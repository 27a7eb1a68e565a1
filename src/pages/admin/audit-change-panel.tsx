import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../generic/panels';

function Snapshot({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre dir="ltr" style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** 'audit-change': an audit record's before and after, under its expanded row (a per-field view is issue 26's). */
export function AuditChangePanel({ record }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={24} wrap data-testid="audit-change">
      <div style={{ minWidth: 260 }}>
        <Typography.Text strong>{t('admin.auditLog.before')}</Typography.Text>
        <Snapshot value={record.before} />
      </div>
      <div style={{ minWidth: 260 }}>
        <Typography.Text strong>{t('admin.auditLog.after')}</Typography.Text>
        <Snapshot value={record.after} />
      </div>
    </Flex>
  );
}
