import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { removeItem, replaceItem, type ParamRow } from './draft-edit';

const TYPES: ParamRow['type'][] = ['string', 'number', 'integer', 'boolean'];
const SOURCES = ['company-records', 'price-series'] as const;

/** The template's parameters (its paramsSchema): name, type, title, required, and a record picker source. */
export function ParamsEditor({ rows, onChange }: { rows: readonly ParamRow[]; onChange(rows: ParamRow[]): void }) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<ParamRow>) => onChange(replaceItem(rows, index, { ...rows[index]!, ...patch }));
  return (
    <Flex vertical gap={8} data-testid="finview-params">
      {rows.map((row, index) => (
        <Flex key={index} gap={8} wrap align="center">
          <Input aria-label={t('finviewTemplates.paramName', { n: index + 1 })} placeholder={t('finviewTemplates.paramNamePlaceholder')} value={row.name} maxLength={64} style={{ width: 140 }} onChange={(event) => set(index, { name: event.target.value.replace(/[^A-Za-z0-9_]/g, '') })} />
          <Select aria-label={t('finviewTemplates.paramType', { n: index + 1 })} value={row.source ? 'integer' : row.type} disabled={Boolean(row.source)} style={{ width: 110 }} options={TYPES.map((type) => ({ value: type, label: t(`finviewTemplates.types.${type}`) }))} onChange={(type: ParamRow['type']) => set(index, { type })} />
          <Input aria-label={t('finviewTemplates.paramTitle', { n: index + 1 })} placeholder={t('finviewTemplates.paramTitlePlaceholder')} value={row.title ?? ''} maxLength={120} style={{ width: 180 }} onChange={(event) => set(index, { title: event.target.value })} />
          <Select
            aria-label={t('finviewTemplates.paramSource', { n: index + 1 })}
            allowClear
            placeholder={t('finviewTemplates.noSource')}
            value={row.source}
            style={{ width: 190 }}
            options={SOURCES.map((source) => ({ value: source, label: t(`finviewPlugins.names.${source}`) }))}
            onChange={(source?: ParamRow['source']) => set(index, source ? { source, type: 'integer' } : { source: undefined })}
          />
          <Space>
            <Checkbox checked={row.required} onChange={(event) => set(index, { required: event.target.checked })}>
              {t('finviewTemplates.required')}
            </Checkbox>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('finviewTemplates.removeParam', { n: index + 1 })} onClick={() => onChange(removeItem(rows, index))} />
          </Space>
        </Flex>
      ))}
      <Button icon={<PlusOutlined />} style={{ alignSelf: 'start' }} onClick={() => onChange([...rows, { name: `param${rows.length + 1}`, type: 'string', required: false }])} data-testid="finview-param-add">
        {t('finviewTemplates.addParam')}
      </Button>
    </Flex>
  );
}
