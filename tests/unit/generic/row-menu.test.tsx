// @vitest-environment jsdom
import { Refine, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import type { RowActionProps, RowTools } from '../../../src/pages/generic/row-actions';
import type { Workflow } from '../../../src/pages/generic/transitions/use-workflow';
import type { ResourceDefinition } from '../../../common/resources/types';

// A row with several named actions keeps the first on the row and the others under "More
// actions" (the announcements queue had five buttons a row, hiding its subject).

const clicked: string[] = [];
const action = (name: string, showsFor: (record: RowActionProps['record']) => boolean) =>
  function Action({ record }: RowActionProps) {
    return showsFor(record) ? (
      <Button size="small" data-testid={`action-${name}`} onClick={() => clicked.push(name)}>
        {name}
      </Button>
    ) : null;
  };
vi.mock('../../../src/registry/row-actions', () => ({
  ROW_ACTIONS: {
    merge: action('merge', () => true),
    separate: action('separate', (record) => record.grouped === true),
    link: action('link', (record) => record.grouped === true),
  },
}));

const { RowActions } = await import('../../../src/pages/generic/row-actions');

const definition: ResourceDefinition = {
  name: 'things',
  area: 'news-management',
  route: 'things',
  labelKey: 'resources.companies',
  icon: 'AppstoreOutlined',
  minRole: 2,
  actions: ['list'],
  rowActions: ['merge', 'separate', 'link'],
};
const workflow = { caller: { id: '1', role: 2 } } as unknown as Workflow;
const provider = { getApiUrl: () => '/api' } as unknown as DataProvider;

function renderRow(record: Record<string, unknown>) {
  const i18n = createI18n('en');
  // No show, edit or delete here: only the named actions are under test.
  const tools: RowTools = { may: { show: false, edit: false, delete: false }, showUrl: () => '', editUrl: () => '', remove: () => undefined, deleting: undefined, t: i18n.t };
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Refine dataProvider={provider} routerProvider={routerProvider} options={{ disableTelemetry: true }}>
          <RowActions definition={definition} record={record} id={String(record.id)} workflow={workflow} onDone={() => undefined} tools={tools} />
        </Refine>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('a row\'s named actions', () => {
  it('shows the first on the row and the rest under More actions, which closes on a choice', { timeout: 20_000 }, async () => {
    renderRow({ id: 1, grouped: true });
    expect(screen.getByTestId('action-merge')).toBeTruthy();
    expect(screen.queryByTestId('action-separate')).toBeNull();
    const more = screen.getByRole('button', { name: 'More actions' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(more));
    await waitFor(() => expect(screen.getByTestId('action-separate')).toBeTruthy());
    expect(screen.getByTestId('action-link')).toBeTruthy();
    expect(screen.queryByText('Nothing else to do with this one')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('action-link')));
    expect(clicked).toEqual(['link']);
    await waitFor(() => expect(more.getAttribute('aria-expanded')).toBe('false'));
  });

  it('says so when none of the others applies to the row', { timeout: 20_000 }, async () => {
    renderRow({ id: 2, grouped: false });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'More actions' })));
    await waitFor(() => expect(screen.getByText('Nothing else to do with this one')).toBeTruthy());
  });
});
