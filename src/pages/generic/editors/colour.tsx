import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from './editor-types';

/** An antd ColorPicker's value (a Color object or text) as #rrggbb. */
export function hexOf(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 7).toLowerCase();
  const color = value as { toHexString?: () => string } | null;
  return color?.toHexString ? color.toHexString().slice(0, 7).toLowerCase() : '';
}

/** One colour as #rrggbb (`editor: 'colour'`). */
export function ColourEditor({ id, value, onChange }: EditorProps) {
  return <ColorPicker disabledAlpha showText format="hex" value={typeof value === 'string' ? value : undefined} onChange={(colour) => onChange?.(hexOf(colour))} data-testid={id ? `editor-${id}` : undefined} />;
}

/** At most this many colours in a list: a chart palette. */
const MAX_COLOURS = 12;

/** An ordered list of #rrggbb colours, each removable, at most 12 (`editor: 'colour-list'`). */
export function ColourListEditor({ id, value, onChange }: EditorProps) {
  const { t } = useTranslation();
  const colours = Array.isArray(value) ? value.filter((colour): colour is string => typeof colour === 'string' && colour !== '') : [];
  const set = (next: string[]) => onChange?.(next);
  return (
    <Space wrap id={id}>
      {colours.map((colour, index) => (
        <Space.Compact key={index}>
          <ColorPicker
            disabledAlpha
            showText
            format="hex"
            value={colour}
            aria-label={t('generic.colourN', { n: index + 1 })}
            onChange={(picked) => set(colours.map((old, at) => (at === index ? hexOf(picked) || old : old)))}
          />
          <Button icon={<DeleteOutlined />} aria-label={t('generic.removeColourN', { n: index + 1 })} onClick={() => set(colours.filter((_, at) => at !== index))} />
        </Space.Compact>
      ))}
      {colours.length < MAX_COLOURS ? (
        <Button icon={<PlusOutlined />} onClick={() => set([...colours, '#1677ff'])} data-testid={id ? `editor-${id}-add` : undefined}>
          {t('generic.addColour')}
        </Button>
      ) : null}
    </Space>
  );
}
