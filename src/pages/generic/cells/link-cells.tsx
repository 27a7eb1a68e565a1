import { UserName } from '../../../components/user-name';
import { Ltr } from '../../../i18n/formatting';
import { ReferenceLabel } from '../option-source';
import type { CellProps } from './registry';
import { useCellWords } from './cell-words';

/** An image URL, small and loaded only when scrolled to; its alt text names the field. */
export function ThumbnailCell({ value, field }: CellProps) {
  const { t } = useCellWords();
  return (
    <img
      src={String(value)}
      alt={t('cells.thumbnail', { field: t(field.labelKey) })}
      loading="lazy"
      decoding="async"
      width={64}
      height={36}
      style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
    />
  );
}

/** A user as the server sends one (`{id, username}`), or a bare name. */
export function UserCell({ value }: CellProps) {
  if (typeof value === 'object' && value !== null && 'username' in value) {
    const { id, username } = value as { id?: unknown; username?: unknown };
    return <UserName user={{ id: Number(id), username: String(username) }} />;
  }
  return <Ltr>{String(value)}</Ltr>;
}

/** Another resource's record, by the label its definition names. */
export function ReferenceCell({ value, field }: CellProps) {
  if (!field.reference || (typeof value !== 'string' && typeof value !== 'number')) return <>{String(value)}</>;
  return <ReferenceLabel reference={field.reference} id={value} />;
}
