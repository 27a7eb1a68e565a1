import type { OutputAnswer } from '../../../../common/domains/finview/model';
import type { CellProps } from '../../generic/cells/registry';
import { formatNumber } from '../../generic/cells/format';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../i18n/formatting';
import { durationText, sizeText } from './format';
import { OutputStatusView } from './output-status';
import { Poster } from './poster';

// The videos and reports lists' own cells (src/registry/cells.ts names them): the generic list
// draws the rows, these draw one value of an output each. The record is an output answer.

const outputOf = (record: CellProps['record']) => record as unknown as OutputAnswer;

/** The poster thumbnail, else the kind's icon. */
export function PosterCell({ record }: CellProps) {
  return <Poster output={outputOf(record)} />;
}

/** The render's status tag, with a live bar while it renders. */
export function OutputStatusCell({ record }: CellProps) {
  return <OutputStatusView output={outputOf(record)} compact />;
}

/** "By hand", or the rule (or schedule) that made it, by name. */
export function OriginCell({ record }: CellProps) {
  const { t } = useTranslation();
  const output = outputOf(record);
  return <span>{t(`finviewVideos.origin.${output.origin}`, { name: output.rule?.name ?? '' })}</span>;
}

/** 75 -> "1:15". */
export function DurationCell({ value }: CellProps) {
  return <Ltr>{durationText(typeof value === 'number' ? value : null)}</Ltr>;
}

/** 1536 -> "1.5 KB", the figure in the reader's language. */
export function SizeCell({ value }: CellProps) {
  const { i18n } = useTranslation();
  const text = sizeText(typeof value === 'number' ? value : null);
  const [figure, unit] = text.split(' ');
  return <Ltr>{unit ? `${formatNumber(Number(figure), i18n.language) || figure} ${unit}` : text}</Ltr>;
}

/** The cells by the names common/resources/videos.ts's columns give (src/registry/cells.ts adds them). */
export const OUTPUT_CELLS = {
  'finview-poster': PosterCell,
  'finview-output-status': OutputStatusCell,
  'finview-origin': OriginCell,
  'finview-duration': DurationCell,
  'finview-size': SizeCell,
} as const;
