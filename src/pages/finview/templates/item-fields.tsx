import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, ColorPicker, Flex, Form, Input, InputNumber, Select, Space, Upload } from 'antd';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportSection } from '../../../../common/domains/finview/report-template';
import { LOGO_POSITIONS, type Scene } from '../../../../common/domains/finview/template';
import { hexOf } from '../../generic/editors/colour';
import { numbersOf, removeItem, replaceItem, rowsOf, rowsText } from './draft-edit';

// The fields of one video scene or report section, by kind. Controlled: every edit hands the whole
// item back, so the draft (and the preview) follow each keystroke.

type Item = Scene | ReportSection;
type AnyItem = Record<string, unknown> & { kind: string };

/** A labelled control: the label names the control (htmlFor/id), so screen readers read it. */
export function Field({ label, children, width }: { label: string; children: (id: string) => ReactNode; width?: number | string }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 8, width }}>
      {children(id)}
    </Form.Item>
  );
}

/** Text the author types, parsed on each change, kept as typed until the value changes from elsewhere. */
function ParsedInput<T>({ id, value, parse, format, multiline, onChange }: { id: string; value: T; parse(text: string): T; format(value: T): string; multiline?: boolean; onChange(value: T): void }) {
  const [text, setText] = useState(() => format(value));
  useEffect(() => {
    setText((current) => (JSON.stringify(parse(current)) === JSON.stringify(value) ? current : format(value)));
  }, [value, parse, format]);
  const change = (next: string) => {
    setText(next);
    onChange(parse(next));
  };
  return multiline ? (
    <Input.TextArea id={id} value={text} autoSize={{ minRows: 2, maxRows: 8 }} onChange={(event) => change(event.target.value)} />
  ) : (
    <Input id={id} value={text} onChange={(event) => change(event.target.value)} />
  );
}

const joinComma = (values: readonly (string | number)[]) => values.join(', ');
const splitComma = (text: string) => text.split(',').map((part) => part.trim()).filter((part) => part !== '');
const splitLines = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
const joinLines = (values: readonly string[]) => values.join('\n');

export interface ItemFieldsProps {
  item: Item;
  onChange(item: Item): void;
  /** Binding names the `bind` picker offers. */
  bindNames: readonly string[];
  /** Video scenes have start/end within the duration. */
  durationSeconds?: number;
  /** The firm's logo (GET brand), offered to logo scenes. */
  logo: string | null;
}

export function ItemFields({ item, onChange, bindNames, durationSeconds, logo }: ItemFieldsProps) {
  const { t } = useTranslation();
  const value = item as unknown as AnyItem;
  const set = (patch: Record<string, unknown>) => {
    const next: AnyItem = { ...value, ...patch };
    for (const [key, field] of Object.entries(patch)) if (field === undefined || field === '') delete next[key];
    onChange(next as unknown as Item);
  };
  const label = (key: string) => t(`finviewTemplates.fields.${key}`);
  const text = (key: string, { area = false, max = 500, required = false } = {}) => (
    <Field key={key} label={label(key)}>
      {(id) =>
        area ? (
          <Input.TextArea id={id} value={(value[key] as string | undefined) ?? ''} maxLength={max} autoSize={{ minRows: 2, maxRows: 10 }} onChange={(event) => set({ [key]: required ? event.target.value : event.target.value || undefined })} />
        ) : (
          <Input id={id} value={(value[key] as string | undefined) ?? ''} maxLength={max} onChange={(event) => set({ [key]: required ? event.target.value : event.target.value || undefined })} />
        )
      }
    </Field>
  );
  const number = (key: string, { min = 0, max = 600, step = 0.1, optional = true } = {}) => (
    <Field key={key} label={label(key)} width={150}>
      {(id) => <InputNumber id={id} value={value[key] as number | undefined} min={min} max={max} step={step} style={{ width: '100%' }} onChange={(next) => set({ [key]: next ?? (optional ? undefined : min) })} />}
    </Field>
  );
  const bind = () => (
    <Field key="bind" label={label('bind')} width={200}>
      {(id) => (
        <Select
          id={id}
          allowClear
          value={value.bind as string | undefined}
          placeholder={t('finviewTemplates.noBinding')}
          options={bindNames.map((name) => ({ value: name, label: name }))}
          onChange={(next?: string) => set({ bind: next })}
        />
      )}
    </Field>
  );
  const labels = () => (
    <Field key="labels" label={label('labels')}>
      {(id) => <ParsedInput id={id} value={(value.labels as string[] | undefined) ?? []} parse={splitComma} format={joinComma} onChange={(next) => set({ labels: next })} />}
    </Field>
  );

  const fields: ReactNode[] = [];
  if (durationSeconds !== undefined) {
    fields.push(
      <Flex key="timing" gap={8} wrap>
        {number('start', { max: durationSeconds, optional: false })}
        {number('end', { max: durationSeconds, optional: false })}
      </Flex>,
    );
  }
  switch (value.kind) {
    case 'title':
      fields.push(text('title', { required: true }), text('subtitle'));
      break;
    case 'heading':
      fields.push(text('text', { max: 120, required: true }));
      break;
    case 'paragraph':
      fields.push(text('text', { area: true, max: 20000, required: true }));
      break;
    case 'bar-chart':
      fields.push(
        bind(),
        text('title', { max: 120 }),
        labels(),
        <Field key="values" label={label('values')}>
          {(id) => <ParsedInput id={id} value={(value.values as number[] | undefined) ?? []} parse={numbersOf} format={joinComma} onChange={(next) => set({ values: next })} />}
        </Field>,
        text('unit', { max: 16 }),
      );
      if (durationSeconds !== undefined) fields.push(number('growSeconds', { max: 10 }));
      break;
    case 'line-chart': {
      const series = (value.series as Array<{ name: string; values: number[]; colour?: string }> | undefined) ?? [];
      fields.push(
        bind(),
        text('title', { max: 120 }),
        labels(),
        <Form.Item key="series" label={label('series')} style={{ marginBottom: 8 }}>
          <Flex vertical gap={8}>
            {series.map((line, index) => (
              <Space.Compact key={index} style={{ width: '100%' }}>
                <Input aria-label={t('finviewTemplates.seriesName', { n: index + 1 })} value={line.name} maxLength={120} style={{ width: '35%' }} onChange={(event) => set({ series: replaceItem(series, index, { ...line, name: event.target.value }) })} />
                <ParsedInput id={`series-${index}`} value={line.values} parse={numbersOf} format={joinComma} onChange={(next) => set({ series: replaceItem(series, index, { ...line, values: next }) })} />
                <ColorPicker disabledAlpha value={line.colour} allowClear aria-label={t('finviewTemplates.seriesColour', { n: index + 1 })} onChange={(colour) => set({ series: replaceItem(series, index, { ...line, colour: hexOf(colour) || undefined }) })} onClear={() => set({ series: replaceItem(series, index, { name: line.name, values: line.values }) })} />
                <Button icon={<DeleteOutlined />} disabled={series.length <= 1} aria-label={t('finviewTemplates.removeSeries', { n: index + 1 })} onClick={() => set({ series: removeItem(series, index) })} />
              </Space.Compact>
            ))}
            {series.length < 8 ? (
              <Button size="small" icon={<PlusOutlined />} onClick={() => set({ series: [...series, { name: `Series ${series.length + 1}`, values: [] }] })} style={{ alignSelf: 'start' }}>
                {t('finviewTemplates.addSeries')}
              </Button>
            ) : null}
          </Flex>
        </Form.Item>,
      );
      if (durationSeconds !== undefined) fields.push(number('drawSeconds', { max: 30 }));
      break;
    }
    case 'ticker':
      fields.push(
        bind(),
        <Field key="items" label={label('items')}>
          {(id) => <ParsedInput id={id} multiline value={(value.items as string[] | undefined) ?? []} parse={splitLines} format={joinLines} onChange={(next) => set({ items: next })} />}
        </Field>,
        number('speed', { min: 0.01, max: 2, step: 0.01 }),
      );
      break;
    case 'table':
      fields.push(
        bind(),
        text('title', { max: 120 }),
        <Field key="columns" label={label('columns')}>
          {(id) => <ParsedInput id={id} value={(value.columns as string[] | undefined) ?? []} parse={splitComma} format={joinComma} onChange={(next) => set({ columns: next })} />}
        </Field>,
        <Field key="rows" label={label('rows')}>
          {(id) => <ParsedInput id={id} multiline value={(value.rows as Array<Array<string | number>> | undefined) ?? []} parse={rowsOf} format={rowsText} onChange={(next) => set({ rows: next })} />}
        </Field>,
      );
      break;
    case 'logo': {
      const image = value.image as { dataUrl?: string; blobId?: string } | undefined;
      fields.push(
        <Flex key="logo" gap={8} wrap align="center">
          {image?.dataUrl ? <img src={image.dataUrl} alt={label('image')} style={{ maxHeight: 40, maxWidth: 120 }} /> : null}
          <Button size="small" disabled={!logo} onClick={() => logo && set({ image: { dataUrl: logo } })}>
            {t('finviewTemplates.useFirmLogo')}
          </Button>
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!['image/png', 'image/jpeg'].includes(file.type) || file.size > 1024 * 1024) return false;
              const reader = new FileReader();
              reader.onload = () => set({ image: { dataUrl: String(reader.result) } });
              reader.readAsDataURL(file);
              return false;
            }}
          >
            <Button size="small">{t('finviewTemplates.pickImage')}</Button>
          </Upload>
        </Flex>,
        <Flex key="place" gap={8} wrap>
          <Field label={label('position')} width={180}>
            {(id) => <Select id={id} value={value.position as string} options={LOGO_POSITIONS.map((position) => ({ value: position, label: t(`finviewTemplates.positions.${position}`) }))} onChange={(next: string) => set({ position: next })} />}
          </Field>
          {number('size', { min: 0.02, max: 1, step: 0.01, optional: false })}
        </Flex>,
      );
      break;
    }
    case 'text':
      fields.push(
        text('text', { area: true, required: true }),
        <Flex key="place" gap={8} wrap>
          {number('x', { max: 1, step: 0.01, optional: false })}
          {number('y', { max: 1, step: 0.01, optional: false })}
          {number('size', { min: 0.01, max: 0.5, step: 0.01, optional: false })}
          <Field label={label('align')} width={150}>
            {(id) => <Select id={id} value={value.align as string} options={['start', 'middle', 'end'].map((align) => ({ value: align, label: t(`finviewTemplates.aligns.${align}`) }))} onChange={(next: string) => set({ align: next })} />}
          </Field>
        </Flex>,
        <Flex key="look" gap={16} wrap align="center">
          <Checkbox checked={Boolean(value.bold)} onChange={(event) => set({ bold: event.target.checked || undefined })}>
            {label('bold')}
          </Checkbox>
          <Space>
            {label('colour')}
            <ColorPicker disabledAlpha allowClear value={value.colour as string | undefined} aria-label={label('colour')} onChange={(colour) => set({ colour: hexOf(colour) || undefined })} onClear={() => set({ colour: undefined })} />
          </Space>
        </Flex>,
      );
      break;
    default:
      break;
  }
  return <>{fields}</>;
}
