import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CellProps } from '../../generic/cells/registry';

/** A template's published (green) or draft (blue) version as "v3"; a dash when it has none. */
export function TemplateVersionCell({ value, field }: CellProps) {
  const { t } = useTranslation();
  if (typeof value !== 'number') return <Typography.Text type="secondary">—</Typography.Text>;
  return <Tag color={field.name === 'publishedVersion' ? 'green' : 'blue'}>{t('finviewTemplates.versionN', { n: value })}</Tag>;
}
