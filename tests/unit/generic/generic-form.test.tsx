// @vitest-environment jsdom
import { Refine, type BaseRecord, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import GenericForm from '../../../src/pages/generic/generic-form';
import { ApiError } from '../../../src/providers/http-error';
import { enterprises } from '../../../common/resources/enterprises';
import type { RouteSpec } from '../../../common/resources/generate';

// The edit form against a data provider that plays the server: it sends the record's
// version back, and a 409 staleEdit is said beside the form with a reload (no overwrite).

const STALE = { message: 'Someone else changed this record since you opened it.', code: 'staleEdit' };

function fakeServer() {
  const record: BaseRecord = { id: 1, name: 'Demo Bank', mailDomain: 'bank.example', isBank: true, isActive: true, version: 3 };
  const updates: Record<string, unknown>[] = [];
  const provider: DataProvider = {
    getApiUrl: () => '/api',
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: { ...record } as never }),
    create: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
    update: async ({ variables }) => {
      updates.push(variables as Record<string, unknown>);
      if ((variables as { version?: number }).version !== record.version) throw new ApiError(STALE.message, 409, { body: STALE });
      record.version = Number(record.version) + 1;
      return { data: { ...record } as never };
    },
  };
  return { record, updates, provider };
}

function renderForm(provider: DataProvider) {
  const route: RouteSpec = { path: '/admin/enterprise/enterprises/edit/:id', resource: 'enterprises', action: 'edit', page: 'generic-edit' };
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <MemoryRouter initialEntries={['/admin/enterprise/enterprises/edit/1']}>
        <Refine
          dataProvider={provider}
          routerProvider={routerProvider}
          resources={[{ name: 'enterprises', list: '/admin/enterprise/enterprises', edit: '/admin/enterprise/enterprises/edit/:id' }]}
          options={{ disableTelemetry: true }}
        >
          <Routes>
            <Route path={route.path} element={<GenericForm definition={enterprises} route={route} />} />
            <Route path="/admin/enterprise/enterprises" element={<div data-testid="list" />} />
          </Routes>
        </Refine>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const nameInput = () => document.querySelector<HTMLInputElement>('#name');

describe('generic edit form', () => {
  it('sends the version it read; a stale edit is said with a reload, and the reload shows the current record', async () => {
    const server = fakeServer();
    renderForm(server.provider);
    await waitFor(() => expect(nameInput()?.value).toBe('Demo Bank'));

    // Someone else saves first.
    server.record.version = 4;
    server.record.name = 'Their Bank';
    fireEvent.change(nameInput() as HTMLInputElement, { target: { value: 'My Bank' } });
    fireEvent.click(screen.getByTestId('generic-save'));
    await waitFor(() => expect(screen.getByTestId('generic-stale').textContent).toContain(STALE.message));
    expect(server.updates).toEqual([expect.objectContaining({ name: 'My Bank', version: 3 })]);
    expect(server.record.name).toBe('Their Bank');

    fireEvent.click(screen.getByTestId('generic-reload'));
    await waitFor(() => expect(nameInput()?.value).toBe('Their Bank'));
    expect(screen.queryByTestId('generic-stale')).toBeNull();

    // With the current version the edit goes through.
    fireEvent.change(nameInput() as HTMLInputElement, { target: { value: 'My Bank' } });
    fireEvent.click(screen.getByTestId('generic-save'));
    await waitFor(() => expect(screen.getByTestId('list')).toBeTruthy());
    expect(server.updates.at(-1)).toEqual(expect.objectContaining({ name: 'My Bank', version: 4 }));
  });
});
