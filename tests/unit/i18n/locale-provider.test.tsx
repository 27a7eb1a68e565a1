// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import { LanguageSelect } from '../../../src/i18n/language-select';
import { LocaleProvider } from '../../../src/i18n/locale-provider';
import type { Locale } from '../../../src/i18n/locales';
import { ConfigErrorPage } from '../../../src/pages/errors/config-error-page';

function Probe() {
  const { t } = useTranslation();
  return <p data-testid="probe">{t('resources.users')}</p>;
}

function renderWith(initial: Locale, children = <Probe />) {
  const i18n = createI18n(initial.language);
  render(
    <LocaleProvider i18n={i18n} initial={initial}>
      <LanguageSelect />
      {children}
    </LocaleProvider>,
  );
  return i18n;
}

async function choose(label: string) {
  const selector = document.querySelector('[data-testid="language-select"] .ant-select-selector') ?? screen.getByRole('combobox');
  await act(async () => fireEvent.mouseDown(selector));
  // In en-RTL the names come in left-to-right isolates.
  const option = await screen.findByTitle((title) => title.replace(/[\u2066-\u2069]/g, '') === label);
  await act(async () => fireEvent.click(option));
}

describe('LocaleProvider and the language selector', () => {
  it('starts in the stored language and sets <html lang dir> and dayjs', async () => {
    renderWith({ language: 'es', direction: 'ltr' });
    expect(screen.getByTestId('probe').textContent).toBe('Usuarios');
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(dayjs.locale()).toBe('es');
  });

  it('switches to Spanish, antd\'s texts with it (fetched with the words), and remembers it in localStorage', async () => {
    renderWith({ language: 'en', direction: 'ltr' }, <><Probe /><DatePicker /></>);
    expect(screen.getByTestId('probe').textContent).toBe('Users');
    expect(screen.getByPlaceholderText('Select date')).toBeTruthy();
    await choose('Español');
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('Usuarios'));
    expect(screen.getByPlaceholderText('Seleccionar fecha')).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('es');
    expect(localStorage.getItem('direction')).toBe('ltr');
    expect(dayjs.locale()).toBe('es');
  });

  it('en-RTL keeps English and lays antd out right to left', async () => {
    renderWith({ language: 'en', direction: 'ltr' }, <DatePicker data-testid="picker" />);
    await choose('English (right to left)');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('direction')).toBe('rtl');
    expect(document.querySelector('.ant-picker-rtl')).not.toBeNull();
  });

  it('isolates each English sentence left to right in en-RTL, and drops the isolates back in ltr', async () => {
    renderWith({ language: 'en', direction: 'ltr' });
    expect(screen.getByTestId('probe').textContent).toBe('Users');
    await choose('English (right to left)');
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('\u2066Users\u2069'));
    await choose('Español');
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('Usuarios'));
  });
});

describe('ConfigErrorPage', () => {
  it('lists the problems under a translated explanation', () => {
    const i18n = createI18n('es');
    render(
      <LocaleProvider i18n={i18n} initial={{ language: 'es', direction: 'ltr' }}>
        <ConfigErrorPage problem={{ kind: 'invalid', problems: ['/defaults/pageSize must be >= 5', '/menu lists "kyc" twice'] }} />
      </LocaleProvider>,
    );
    expect(screen.getByText('La aplicación no puede iniciarse')).toBeTruthy();
    const items = [...screen.getByTestId('config-problems').querySelectorAll('li')].map((item) => item.textContent);
    expect(items).toEqual(['/defaults/pageSize must be >= 5', '/menu lists "kyc" twice']);
  });

  it('says why the file could not be read', () => {
    render(
      <LocaleProvider i18n={createI18n('en')} initial={{ language: 'en', direction: 'ltr' }}>
        <ConfigErrorPage problem={{ kind: 'unreachable', reason: 'HTTP 404' }} />
      </LocaleProvider>,
    );
    expect(screen.getByText('The configuration could not be loaded: HTTP 404')).toBeTruthy();
  });
});
