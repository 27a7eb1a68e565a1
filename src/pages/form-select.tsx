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
