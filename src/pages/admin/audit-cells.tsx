import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime, Ltr } from '../../i18n/formatting';
import type { CellProps } from '../generic/cells';

// The audit log's own cells: the time to the second (the order of changes within a minute
// matters), the actor and the record's id as written, the action by name in the reader's words.

/** 'audit-at' */
export function AuditAtCell({ value }: CellProps) {
  return <DateTime value={value as string} seconds />;
}

/** 'audit-actor': a username, always left to right. */
export function AuditActorCell({ value }: CellProps) {
  return <Ltr>{String(value)}</Ltr>;
}

/** 'audit-entity-id' */
export function AuditEntityIdCell({ value }: CellProps) {
  return <Ltr>{String(value)}</Ltr>;
}

/** 'audit-action': one the catalogue does not name shows as recorded. */
export function AuditActionCell({ value }: CellProps) {
  const { t } = useTranslation();
  const action = String(value);
  return (
    <Tag color="blue" data-action={action}>
      {t(`admin.auditLog.actions.${action}`, { defaultValue: action })}
    </Tag>
  );
}
