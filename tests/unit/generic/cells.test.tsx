// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import { Cell, cellNameFor, registerCell, type CellProps } from '../../../src/pages/generic/cells';
import { formatDate, formatMoney, formatNumber } from '../../../src/pages/generic/cells/format';
import type { FieldDefinition, FieldType, ResourceDefinition } from '../../../common/resources/types';

// Named cells: the column's name picks the component, the field type gives the default, and
// numbers and dates come out in the reader's language.

const field = (type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ name: `f_${type}`, type, labelKey: `label.${type}`, ...extra });
const withWorkflow: ResourceDefinition = {
  name: 'tickets',
  area: 'admin',
  route: 'admin/tickets',
  labelKey: 'resources.tickets',
  icon: 'BugOutlined',
  minRole: 2,
  actions: ['list'],
  workflow: {
    field: 'status',
    states: [
      { value: 'open', labelKey: 'generic.yes', color: 'warning' },
      { value: 'done', labelKey: 'generic.no', color: 'success' },
    ],
    transitions: [],
  },
};

function show(props: Omit<CellProps, 'record'> & { record?: CellProps['record'] }, language: 'en' | 'es' = 'en') {
  const { container } = render(
    <I18nextProvider i18n={createI18n(language)}>
      <div data-testid="cell">
        <Cell record={{}} {...props} />
      </div>
    </I18nextProvider>,
  );
  return container.querySelector('[data-testid="cell"]') as HTMLElement;
}

describe('named cells', () => {
  it('derive the cell from the field type, the workflow field and the column', () => {
    expect(cellNameFor(field('boolean'))).toBe('boolean');
    expect(cellNameFor(field('datetime'))).toBe('datetime');
    expect(cellNameFor(field('integer'))).toBe('text');
    expect(cellNameFor(field('reference'))).toBe('reference');
    expect(cellNameFor(field('select', { name: 'status' }), withWorkflow)).toBe('status');
    expect(cellNameFor(field('number', { list: { cell: 'money' } }))).toBe('money');
  });

  it('draw a dash for no value, option words, yes/no and masked values as sent', () => {
    expect(show({ value: null, field: field('text') }).textContent).toBe('—');
    expect(show({ value: '', field: field('number') }).textContent).toBe('—');
    expect(show({ value: 1, field: field('select', { options: [{ value: 1, labelKey: 'generic.yes' }] }) }).textContent).toBe('Yes');
    expect(show({ value: true, field: field('boolean') }).textContent).toBe('Yes');
    expect(show({ value: false, field: field('boolean') }, 'es').textContent).toBe('No');
    const masked = show({ value: 'XXXX-XXXX-1234', field: field('text', { list: { cell: 'masked' } }) });
    expect(masked.textContent).toBe('XXXX-XXXX-1234');
    expect(masked.querySelector('code')).not.toBeNull();
  });

  it('write numbers and money in the reader\'s language, left to right', () => {
    const en = show({ value: 20000, field: field('number') });
    expect(en.querySelector('bdi[dir="ltr"]')?.textContent).toBe('20,000');
    expect(show({ value: 20000, field: field('number') }, 'es').textContent).toBe('20.000');
    expect(show({ value: 1234.5, field: field('number', { list: { cell: 'money' } }), record: { currency: 'EUR' } }, 'es').textContent).toMatch(/^1234,50\s€$/);
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
    expect(formatNumber('abc', 'en')).toBe('');
  });

  it('write a calendar date as stored, whatever the time zone, and a moment in the reader\'s words', () => {
    expect(formatDate('2026-11-27', 'en')).toBe('Nov 27, 2026');
    expect(formatDate('2026-11-27', 'es')).toBe('27 nov 2026');
    const moment = show({ value: '2026-11-23T00:14:00', field: field('datetime') });
    expect(moment.querySelector('bdi')?.getAttribute('data-datetime')).toBe('2026-11-23 00:14');
    expect(moment.textContent).toMatch(/Nov 23, 2026/);
  });

  it('tag a workflow state with its words and a readable colour, and an option without one', () => {
    const open = show({ value: 'open', field: field('select', { name: 'status' }), definition: withWorkflow });
    const tag = open.querySelector('[data-status="open"]');
    expect(tag?.textContent).toBe('Yes');
    // warning → orange: antd's preset tints fail contrast.
    expect(tag?.className).toMatch(/ant-tag-orange/);
    const other = show({ value: 'x', field: field('select', { list: { cell: 'status' }, options: [{ value: 'x', labelKey: 'generic.no' }] }) });
    expect(other.querySelector('[data-status="x"]')?.textContent).toBe('No');
  });

  it('draw a thumbnail small, lazy and described', () => {
    const image = show({ value: '/a.png', field: field('url', { list: { cell: 'thumbnail' }, labelKey: 'generic.id' }) }).querySelector('img');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('alt')).toBe('Image: ID');
  });

  it('take a cell an area registers, by name, and fall back to text for an unknown one', () => {
    registerCell('shout', ({ value }) => <strong>{String(value).toUpperCase()}</strong>);
    expect(show({ value: 'hi', field: field('text', { list: { cell: 'shout' } }) }).innerHTML).toBe('<strong>HI</strong>');
    expect(show({ value: 'hi', field: field('text', { list: { cell: 'nobody-registered-this' } }) }).textContent).toBe('hi');
  });

  it('name a user by username', () => {
    expect(show({ value: { id: 3, username: 'analyst' }, field: field('text', { list: { cell: 'user' } }) }).textContent).toBe('analyst');
  });
});
