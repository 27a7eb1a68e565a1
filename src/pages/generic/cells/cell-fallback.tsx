import type { CellProps } from './registry';

/**
 * What an area's cell shows while its code is still on the way (rare: the list preloads a
 * resource's cells before its rows render): the raw value, invisible, so the cell keeps
 * about the width it will have and the columns do not jump when the cell arrives.
 */
export function CellFallback({ value }: CellProps) {
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <span aria-busy="true" style={{ visibility: 'hidden' }}>
      {text.slice(0, 60)}
    </span>
  );
}
