// @vitest-environment jsdom
import { Refine, type AccessControlProvider, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import { inSentence, singularLabel } from '../../../src/i18n/resource-labels';
import { ListEmpty } from '../../../src/pages/generic/list-empty';
import { companies } from '../../../common/resources/companies';
import { kycDocuments } from '../../../common/resources/kyc-documents';

// What a list says about itself: its total in the reader's language and plural, its empty
// state with the next step, and a record's singular name for titles.

const provider: DataProvider = {
  getApiUrl: () => '/api',
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: {} as never }),
  create: async () => ({ data: {} as never }),
  update: async () => ({ data: {} as never }),
  deleteOne: async () => ({ data: {} as never }),
};

function renderEmpty(language: 'en' | 'es', filtered: boolean, mayCreate: boolean, onClear = vi.fn()) {
  const access: AccessControlProvider = { can: async ({ action }) => ({ can: action !== 'create' || mayCreate }) };
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MemoryRouter>
        <Refine
          dataProvider={provider}
          routerProvider={routerProvider}
          accessControlProvider={access}
          resources={[{ name: 'companies', list: '/companies', create: '/companies/create' }]}
          options={{ disableTelemetry: true }}
        >
          <ListEmpty definition={companies} filtered={filtered} onClear={onClear} />
        </Refine>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return onClear;
}

describe('list words', () => {
  it('gives totals with the number in the reader\'s language and the right plural', () => {
    const en = createI18n('en');
    const es = createI18n('es');
    expect(en.t('list.total', { count: 20000 })).toBe('20,000 records');
    expect(en.t('list.total', { count: 1 })).toBe('1 record');
    expect(es.t('list.total', { count: 20000 })).toBe('20.000 registros');
    expect(es.t('list.total', { count: 1 })).toBe('1 registro');
  });

  it('names one record in the singular, lowered inside a sentence unless it starts with an acronym', () => {
    const en = createI18n('en');
    const es = createI18n('es');
    expect(singularLabel(en.t, companies)).toBe('Company');
    expect(singularLabel(es.t, companies)).toBe('Empresa');
    expect(en.t(companies.labelKey)).toBe('Companies');
    expect(en.t('titles.edit', { resource: inSentence(singularLabel(en.t, companies)), name: 'Zenith Steel' })).toBe('Edit company · Zenith Steel');
    expect(inSentence(singularLabel(en.t, kycDocuments))).toBe('KYC document');
    expect(es.t('titles.create', { resource: inSentence(singularLabel(es.t, companies)) })).toBe('Crear empresa');
  });

  it('right to left, lowers a label inside its isolate and isolates a sentence once, not inside itself', () => {
    const rtl = createI18n('en', 'rtl');
    const label = rtl.t(companies.labelKey);
    expect(label).toBe('\u2066Companies\u2069');
    expect(inSentence(label)).toBe('\u2066companies\u2069');
    expect(inSentence(rtl.t(kycDocuments.labelKey))).toBe('\u2066KYC documents\u2069');
    expect(rtl.t('list.emptyNone', { resource: inSentence(label) })).toBe('\u2066No companies yet\u2069');
    // A first-strong isolate around user data keeps its marks.
    expect(rtl.t('titles.list', { resource: '\u2068Zenith\u2069' })).toContain('\u2068Zenith\u2069');
  });

  it('says there is nothing yet and offers create to a user who may', async () => {
    renderEmpty('en', false, true);
    expect(screen.getByTestId('generic-empty').textContent).toBe('No companies yet');
    await waitFor(() => expect(screen.getByTestId('generic-empty-create')).toBeTruthy());
  });

  it('offers no create to a user who may not', async () => {
    renderEmpty('es', false, false);
    expect(screen.getByTestId('generic-empty').textContent).toBe('Aún no hay empresas');
    // The access answer is asynchronous: give it its turn, then the button is still absent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('generic-empty-create')).toBeNull();
  });

  it('says nothing matches the filters and clears them', () => {
    const onClear = renderEmpty('en', true, true);
    expect(screen.getByTestId('generic-empty').textContent).toBe('No companies match these filters');
    fireEvent.click(screen.getByTestId('generic-clear-filters'));
    expect(onClear).toHaveBeenCalledOnce();
  });
});
