import { Tag } from 'antd';
import type { ReactNode } from 'react';

interface StatusTagProps<S extends string> {
  status: S;
  /** The area's colour for each status: antd's named colours, not its status presets (success, error…), whose pale text on their tint fails WCAG AA. */
  colours: Readonly<Record<S, string>>;
  /** The status in the reader's words. */
  children: ReactNode;
  testId?: string;
}

/**
 * A record's status as a coloured tag, drawn the same in every area; data-status carries the
 * status itself for the tests. No trailing margin: the row it sits in spaces it, on either side in RTL.
 */
export function StatusTag<S extends string>({ status, colours, children, testId }: StatusTagProps<S>) {
  return (
    <Tag color={colours[status] ?? 'default'} data-status={status} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {children}
    </Tag>
  );
}
