import { Select, type SelectProps } from 'antd';

/**
 * A Select for a required Form.Item. antd 5 writes the aria-required the item
 * hands it on the Select's outer <div> as well as on its combobox, and ARIA
 * forbids it on a <div> without a role (ant-design#46030, fixed in antd 6):
 * this drops it from the props, so neither carries it. The required mark and
 * the validation message still tell the reader.
 */
export function FormSelect(props: SelectProps & { 'aria-required'?: boolean | 'true' | 'false' }) {
  const { 'aria-required': _dropped, ...rest } = props;
  return <Select {...rest} />;
}

interface FilterSelectProps<T> {
  /** Names it for assistive tools, and is its placeholder unless one is given. */
  label: string;
  placeholder?: string;
  width: number;
  options: Array<{ value: T; label: string }>;
  onChange(): void;
  testId?: string;
}

/** A list page's filter: clearable, named, applied as soon as it changes. Form.Item gives value and onChange. */
export function FilterSelect<T extends string | number>({ label, placeholder, width, options, onChange, testId, ...item }: FilterSelectProps<T>) {
  return (
    <Select<T>
      {...item}
      allowClear
      style={{ width }}
      placeholder={placeholder ?? label}
      aria-label={label}
      data-testid={testId}
      onChange={onChange}
      options={options}
    />
  );
}
