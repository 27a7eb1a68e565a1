import { Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRole } from '../../providers';
import type { AreaPageSpec } from '../../../common/resources/generate';
import { menuForRole } from '../../../common/resources/generate';
import { useRuntime } from '../../registry/registry-context';
import { PageHeader } from '../../components/page-header';
import ForbiddenPage from '../errors/forbidden-page';
import { TileGrid } from '../tile-grid';

/** An area's menu (SPEC.md: /kyc-management, /news-management, /finview): what the role may open there. */
export default function AreaPage({ page }: { page: AreaPageSpec }) {
  const { t } = useTranslation();
  const { registry } = useRuntime();
  const role = useRole();
  const area = useMemo(() => menuForRole(registry, role).find((candidate) => candidate.key === page.area), [registry, role, page.area]);
  if (!area) return <ForbiddenPage />;
  return (
    <Flex vertical gap={16} data-testid="area-page" data-area={area.key}>
      <PageHeader icon={area.icon} title={t(area.labelKey)} />
      <TileGrid tiles={area.items} testId="area-item" />
    </Flex>
  );
}
