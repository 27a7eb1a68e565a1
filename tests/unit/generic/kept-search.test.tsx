// @vitest-environment jsdom
import { Refine, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { cleanup, fireEvent, render, screen, waitFor as waitForAtOnce } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../../src/i18n/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionSelect } from '../../../src/pages/generic/option-source';
import { newsFeeds } from '../../../common/resources/news-feeds';
import type { FieldDefinition } from '../../../common/resources/types';

// SPEC.md section 3's `searchText`: the text typed in the news feeds' company search is kept
// for the session, and the search opens with it on the user's return.

// A loaded machine answers the debounced search late.
const waitFor = <T,>(check: () => T | Promise<T>) => waitForAtOnce(check, { timeout: 10_000 });

const company = newsFeeds.fields?.find((field) => field.name === 'companyId') as FieldDefinition;

function renderSelect(searches: string[]) {
  const provider: DataProvider = {
    getApiUrl: () => '/api',
    getList: async ({ filters }) => {
      const q = filters?.find((filter) => 'field' in filter && filter.field === 'q')?.value;
      searches.push(typeof q === 'string' ? q : '');
      return { data: [{ companyId: '1', compName: 'Zenith Steel' }] as never[], total: 1 };
    },
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
  };
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <MemoryRouter>
        <Refine dataProvider={provider} routerProvider={routerProvider} resources={[{ name: 'companies', list: '/companies' }]} options={{ disableTelemetry: true }}>
          <OptionSelect field={company} aria-label="company" mode="multiple" open />
        </Refine>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

describe('the news feeds\' company search', () => {
  it('keeps the typed text under searchText and opens with it on return, asking the server for it', { timeout: 20_000 }, async () => {
    expect(company.reference?.keepSearchAs).toBe('searchText');
    const searches: string[] = [];
    renderSelect(searches);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'Zen' } });
    await waitFor(() => expect(window.sessionStorage.getItem('searchText')).toBe('"Zen"'));
    await waitFor(() => expect(searches).toContain('Zen'));
    cleanup();

    const again: string[] = [];
    renderSelect(again);
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Zen');
    await waitFor(() => expect(again).toContain('Zen'));
  });
});
