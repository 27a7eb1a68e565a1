import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ResourceIcon } from '../shell/icons';

interface PageHeaderProps {
  title: ReactNode;
  /** An @ant-design/icons name, as the resources name theirs (src/shell/icons.tsx). */
  icon?: string;
  /** The page's actions, at the end of the title's line (left in right-to-left), below it when narrow. */
  extra?: ReactNode;
}

/**
 * A page's header, one look on every page behind the login: the title as the page's one h3,
 * its actions beside it. The tab's title is not set here: Refine's title handler
 * (src/shell/page-title.tsx) names it from the route, also before the page's data is in.
 */
export function PageHeader({ title, icon, extra }: PageHeaderProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {icon ? (
          // Flex, not Space: the same 8 px gap without bringing antd's Space to every page's first screen.
          <Flex align="center" gap={8}>
            <ResourceIcon name={icon} />
            {title}
          </Flex>
        ) : (
          title
        )}
      </Typography.Title>
      {extra ? (
        <Flex align="center" wrap gap={8}>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
