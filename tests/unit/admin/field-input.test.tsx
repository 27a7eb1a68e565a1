// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { Form } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldsFor, inputFor, rulesFor } from '../../../src/pages/generic/field-input';
import { companies } from '../../../common/resources/companies';
import { notBeforeBroken } from '../../../common/resources/field-rules';
import { enterprises } from '../../../common/resources/enterprises';
import type { FieldDefinition, FieldType } from '../../../common/resources/types';

const t = ((key: string) => key) as unknown as typeof i18next.t;
const field = (type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ name: `f_${type}`, type, labelKey: `label.${type}`, ...extra });

function renderInput(definition: FieldDefinition) {
  const { input, valuePropName, rules } = inputFor(definition, t);
  return render(
    <Form>
      <Form.Item name={definition.name} rules={rules} {...(valuePropName ? { valuePropName } : {})}>
        {input}
      </Form.Item>
    </Form>,
  );
}

describe('generic fields', () => {
  it('keeps the fields meant for each view', () => {
    expect(fieldsFor(enterprises.fields, 'form').map((f) => f.name)).toEqual(['name', 'mailDomain', 'isBank', 'isActive']);
    expect(fieldsFor(enterprises.fields, 'list').map((f) => f.name)).toEqual(['name', 'mailDomain', 'isBank', 'isActive', 'userCount', 'updatedAt']);
    expect(fieldsFor(undefined, 'list')).toEqual([]);
  });

  it('picks one input per field type', () => {
    const cases: [FieldType, string][] = [
      ['text', 'input.ant-input'],
      ['email', 'input[type="email"]'],
      ['textarea', 'textarea'],
      ['number', '.ant-input-number input'],
      ['boolean', 'input[type="checkbox"]'],
      ['date', '.ant-picker input'],
      ['select', '.ant-select'],
    ];
    for (const [type, selector] of cases) {
      const { container, unmount } = renderInput(field(type, { options: [{ value: 'a', labelKey: 'A' }] }));
      expect(container.querySelector(selector), type).not.toBeNull();
      unmount();
    }
    expect(inputFor(field('boolean'), t).valuePropName).toBe('checked');
    expect(inputFor(field('text', { required: true }), t).rules[0]).toMatchObject({ required: true });
    expect(inputFor(field('email'), t).rules).toContainEqual(expect.objectContaining({ type: 'email' }));
  });

  it('a required field of any type passes with a value and says "required" without one', async () => {
    // Values as each input gives them: a picker's dayjs, a number, an option's number id.
    const filled: [FieldDefinition, unknown][] = [
      [field('datetime', { required: true }), dayjs('2031-01-01T10:00:00Z')],
      [field('date', { required: true }), dayjs('2031-01-01')],
      [field('integer', { required: true }), 7],
      [field('select', { required: true, options: [{ value: 'a', labelKey: 'A' }] }), 'a'],
      [field('reference', { required: true, reference: { resource: 'enterprises', label: 'name' } }), 42],
      [field('text', { required: true }), 'x'],
    ];
    for (const [definition, value] of filled) {
      const { rules } = inputFor(definition, t);
      let form: ReturnType<typeof Form.useForm>[0] | undefined;
      const Probe = () => {
        [form] = Form.useForm();
        return (
          <Form form={form}>
            <Form.Item name={definition.name} rules={rules}>
              <input />
            </Form.Item>
          </Form>
        );
      };
      const { unmount } = render(<Probe />);
      const check = async () => form!.validateFields().then(() => [], (error: { errorFields: { errors: string[] }[] }) => error.errorFields.flatMap((entry) => entry.errors));
      await expect(check(), `${definition.type} empty`).resolves.toEqual(['generic.required']);
      form!.setFieldsValue({ [definition.name]: value });
      await expect(check(), `${definition.type} filled`).resolves.toEqual([]);
      unmount();
    }
  });

  it('derives antd rules from the definition: required, length, bounds and the named rule', async () => {
    const compName = companies.fields?.find((candidate) => candidate.name === 'compName') as FieldDefinition;
    const rules = rulesFor(compName, t);
    expect(rules).toContainEqual(expect.objectContaining({ required: true, whitespace: true }));
    expect(rules).toContainEqual(expect.objectContaining({ max: compName.maxLength }));
    const named = rules.find((rule) => typeof rule === 'object' && 'validator' in rule) as { validator: (rule: unknown, value: unknown) => Promise<void> };
    await expect(named.validator({}, 'Acme 1')).resolves.toBeUndefined();
    await expect(named.validator({}, '')).resolves.toBeUndefined();
    await expect(named.validator({}, 'Acme!')).rejects.toThrow('generic.fieldReason');
    expect(rulesFor(field('integer', { min: 1, max: 9 }), t)).toEqual([
      expect.objectContaining({ type: 'number', min: 1 }),
      expect.objectContaining({ type: 'number', max: 9 }),
    ]);
    expect(rulesFor(field('text'), t)).toEqual([]);
  });

  it('checks a notBefore field against the other one, naming its label, and re-checks when that one changes', async () => {
    const starts = field('datetime', { name: 'startsAt', labelKey: 'label.starts' });
    const expires = field('datetime', { name: 'expiresAt', labelKey: 'label.expires', notBefore: 'startsAt' });
    const calls: unknown[] = [];
    const tr = ((key: string, options?: unknown) => (calls.push([key, options]), key)) as unknown as typeof i18next.t;
    const { rules, dependencies } = inputFor(expires, tr, [starts, expires]);
    expect(dependencies).toEqual(['startsAt']);
    const order = rules.at(-1) as (form: { getFieldValue: (name: string) => unknown }) => { validator: (rule: unknown, value: unknown) => Promise<void> };
    const { validator } = order({ getFieldValue: (name) => (name === 'startsAt' ? dayjs('2026-11-23T10:00:00Z') : undefined) });
    await expect(validator({}, dayjs('2026-11-23T10:00:01Z'))).resolves.toBeUndefined();
    await expect(validator({}, dayjs('2026-11-23T10:00:00Z'))).rejects.toThrow('generic.fieldReason');
    await expect(validator({}, undefined)).resolves.toBeUndefined();
    expect(calls).toContainEqual(['serverField.notBeforeField', { field: 'label.starts' }]);
    expect(inputFor(starts, t).dependencies).toBeUndefined();
  });

  it('notBeforeBroken: both set and not later; unset or unreadable values are left to other rules', () => {
    expect(notBeforeBroken('2024-03-01T12:00:00.000Z', '2024-02-29T12:00:00.000Z')).toBe(false);
    expect(notBeforeBroken('2024-02-29T12:00:00.000Z', '2024-02-29T12:00:00.000Z')).toBe(true);
    expect(notBeforeBroken('2024-02-28', '2024-02-29')).toBe(true);
    expect(notBeforeBroken(new Date('2024-02-28'), '2024-02-29T00:00:00Z')).toBe(true);
    expect(notBeforeBroken(null, '2024-02-29')).toBe(false);
    expect(notBeforeBroken('2024-02-28', '')).toBe(false);
    expect(notBeforeBroken('garbage', '2024-02-29')).toBe(false);
  });

  it('converts dates between the record and the picker', () => {
    const { toInput, fromInput } = inputFor(field('date'), t);
    expect(fromInput?.(toInput?.('2026-03-04'))).toBe('2026-03-04');
  });
});
