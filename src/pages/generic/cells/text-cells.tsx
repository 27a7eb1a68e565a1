import { Tag, Typography } from 'antd';
import { Ltr } from '../../../i18n/formatting';
import type { CellProps } from './registry';
import { useCellWords } from './cell-words';

/** The words of a select's option, else the value; addresses, links and codes kept left to right. */
export function TextCell({ value, field }: CellProps) {
  const { t } = useCellWords();
  const option = field.options?.find((candidate) => String(candidate.value) === String(value));
  if (option) return <>{t(option.labelKey)}</>;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (field.type === 'url' || field.type === 'email' || field.type === 'integer' || field.type === 'number') return <Ltr>{text}</Ltr>;
  // Someone's words, in whatever direction they were written: isolated, so an English headline in
  // a right-to-left page keeps its final stop at its end (<bdi> takes the text's own direction).
  return <bdi>{text}</bdi>;
}

/** A value the server already masked (an account number, an Aadhaar): shown as sent, with no way to reveal it. */
export function MaskedCell({ value }: CellProps) {
  return (
    <Ltr>
      <Typography.Text code data-masked="true">
        {String(value)}
      </Typography.Text>
    </Ltr>
  );
}

export function BooleanCell({ value }: CellProps) {
  const { t } = useCellWords();
  const yes = value === true || value === 'true';
  return yes ? <Tag color="green">{t('generic.yes')}</Tag> : <Tag>{t('generic.no')}</Tag>;
}

// antd's status presets tint the text too pale for WCAG AA (see status-tag.tsx): named colours instead.
const PRESET_COLOURS: Record<string, string> = { success: 'green', processing: 'blue', warning: 'orange', error: 'red' };

/** A state as a coloured tag: the workflow's words and colour for its field, an option's words otherwise. */
export function StatusCell({ value, field, definition }: CellProps) {
  const { t } = useCellWords();
  const state = definition?.workflow?.field === field.name ? definition.workflow.states.find((candidate) => candidate.value === value) : undefined;
  const option = field.options?.find((candidate) => String(candidate.value) === String(value));
  const labelKey = state?.labelKey ?? option?.labelKey;
  const colour = state?.color ? (PRESET_COLOURS[state.color] ?? state.color) : 'default';
  return (
    <Tag color={colour} data-status={String(value)} style={{ marginInlineEnd: 0 }}>
      {labelKey ? t(labelKey) : String(value)}
    </Tag>
  );
}
