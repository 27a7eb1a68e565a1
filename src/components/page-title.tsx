import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ResourceIcon } from '../shell/icons';

/** A page's heading: its icon (an @ant-design/icons name) and its title. */
export function PageTitle({ icon, children }: { icon: string; children: ReactNode }) {
  return (
    <Typography.Title level={3} style={{ margin: 0 }}>
      <Space>
        <ResourceIcon name={icon} />
        {children}
      </Space>
    </Typography.Title>
  );
}
