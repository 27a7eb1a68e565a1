import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Collapse, Dropdown, Empty, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { moveItem, removeItem, replaceItem } from './draft-edit';
import { ItemFields, type ItemFieldsProps } from './item-fields';

type Item = ItemFieldsProps['item'];

/** The scenes of a video or the sections of a report: add by kind, reorder, remove, edit each. */
export function ItemsEditor({
  items,
  kinds,
  onChange,
  create,
  ...fields
}: Omit<ItemFieldsProps, 'item' | 'onChange'> & { items: readonly Item[]; kinds: readonly string[]; onChange(items: Item[]): void; create(kind: string): Item }) {
  const { t } = useTranslation();
  const kindName = (kind: string) => t(`finviewTemplates.scenes.${kind}`, { defaultValue: kind });
  const summary = (item: Item) => {
    const record = item as unknown as Record<string, unknown>;
    const words = [record.title, record.text, record.bind ? `→ ${String(record.bind)}` : undefined].find((value) => typeof value === 'string' && value !== '');
    const timing = typeof record.start === 'number' && typeof record.end === 'number' ? `${record.start}–${record.end} s` : '';
    return [typeof words === 'string' ? words.slice(0, 40) : '', timing].filter(Boolean).join(' · ');
  };
  const button = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, danger = false) => (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        danger={danger}
        icon={icon}
        aria-label={label}
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
      />
    </Tooltip>
  );

  return (
    <Flex vertical gap={8} data-testid="finview-items">
      {items.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finviewTemplates.noItems')} /> : null}
      <Collapse
        size="small"
        items={items.map((item, index) => ({
          key: index,
          label: (
            <Space wrap>
              <Tag>{index + 1}</Tag>
              <Typography.Text strong>{kindName(item.kind)}</Typography.Text>
              <Typography.Text type="secondary">
                <bdi>{summary(item)}</bdi>
              </Typography.Text>
            </Space>
          ),
          extra: (
            <Space size={0}>
              {button(t('finviewTemplates.moveUp', { n: index + 1 }), <ArrowUpOutlined />, () => onChange(moveItem(items, index, -1)), index === 0)}
              {button(t('finviewTemplates.moveDown', { n: index + 1 }), <ArrowDownOutlined />, () => onChange(moveItem(items, index, 1)), index === items.length - 1)}
              {button(t('finviewTemplates.remove', { n: index + 1 }), <DeleteOutlined />, () => onChange(removeItem(items, index)), false, true)}
            </Space>
          ),
          children: <ItemFields {...fields} item={item} onChange={(next) => onChange(replaceItem(items, index, next))} />,
        }))}
      />
      <Dropdown menu={{ items: kinds.map((kind) => ({ key: kind, label: kindName(kind) })), onClick: ({ key }) => onChange([...items, create(key)]) }}>
        <Button icon={<PlusOutlined />} style={{ alignSelf: 'start' }} data-testid="finview-item-add">
          {t('finviewTemplates.addItem')}
        </Button>
      </Dropdown>
    </Flex>
  );
}
