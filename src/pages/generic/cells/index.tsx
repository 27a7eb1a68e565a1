import type { ReactNode } from 'react';
import { AREA_CELLS } from '../../../registry/cells';
import { DateCell, DateTimeCell, MoneyCell, NumberCell, RelativeAgeCell } from './value-cells';
import { ReferenceCell, ThumbnailCell, UserCell } from './link-cells';
import { cellComponent, cellNameFor, registerCell, type CellProps } from './registry';
import { BooleanCell, MaskedCell, StatusCell, TextCell } from './text-cells';

export { cellNameFor, registerCell, type CellComponent, type CellProps } from './registry';

registerCell('text', TextCell);
registerCell('status', StatusCell);
registerCell('relativeAge', RelativeAgeCell);
registerCell('masked', MaskedCell);
registerCell('number', NumberCell);
registerCell('money', MoneyCell);
registerCell('date', DateCell);
registerCell('datetime', DateTimeCell);
registerCell('boolean', BooleanCell);
registerCell('thumbnail', ThumbnailCell);
registerCell('user', UserCell);
registerCell('reference', ReferenceCell);
// After the built-ins: an area may also redraw one of them.
for (const [name, component] of Object.entries(AREA_CELLS)) registerCell(name, component);

/**
 * One value as its field's named cell draws it (ListColumn.cell, else derived from the type);
 * a dash for no value; an unknown name falls back to text rather than leaving a hole.
 */
export function Cell(props: CellProps): ReactNode {
  const { value, field, definition } = props;
  if (value === null || value === undefined || value === '') return '—';
  const Component = cellComponent(cellNameFor(field, definition)) ?? TextCell;
  return <Component {...props} />;
}
