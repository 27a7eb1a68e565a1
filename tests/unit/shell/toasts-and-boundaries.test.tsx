// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import { LocaleProvider } from '../../../src/i18n/locale-provider';
import { RouteBoundary } from '../../../src/pages/errors/route-boundary';
import { createNotificationProvider, Toasts } from '../../../src/providers/notification-provider';

const notificationProvider = createNotificationProvider(() => true);
import { ChunkLoadError } from '../../../src/shell/lazy-page';

function withLocale(children: ReactNode) {
  return (
    <LocaleProvider i18n={createI18n('en')} initial={{ language: 'en', direction: 'ltr' }}>
      {children}
    </LocaleProvider>
  );
}

describe('the notification provider (react-toastify)', () => {
  it('shows each type, top-right, and closes by key', async () => {
    render(withLocale(<Toasts dark={false} rtl={false} />));
    for (const type of ['success', 'error'] as const) {
      act(() => notificationProvider.open?.({ key: `k-${type}`, type, message: `${type} title`, description: `${type} text` }));
    }
    const error = await screen.findByText('error text');
    expect(error.closest('.Toastify__toast')?.className).toContain('Toastify__toast--error');
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect((await screen.findByText('success title')).closest('.Toastify__toast')?.className).toContain('Toastify__toast--success');
    act(() => notificationProvider.close?.('k-error'));
    // jsdom plays no animation, so the toast stops at its exit animation.
    await waitFor(() => expect(error.closest('.Toastify__toast')?.className).toContain('exit'));
    expect(screen.getByText('success text').closest('.Toastify__toast')?.className).not.toContain('exit');
  });

  it('keeps every notice in the hidden log after its toast has closed', async () => {
    render(withLocale(<Toasts dark={false} rtl={false} />));
    act(() => notificationProvider.open?.({ key: 'kept', type: 'success', message: 'Saved', description: 'Items updated: 2.' }));
    act(() => notificationProvider.close?.('kept'));
    const entry = await waitFor(() => {
      const found = [...document.querySelectorAll('[data-testid="notice-log"] li')].find((item) => item.textContent === 'Saved Items updated: 2.');
      if (!found) throw new Error('not logged yet');
      return found;
    });
    expect(entry.getAttribute('data-type')).toBe('success');
    expect(entry.closest('ol')?.hidden).toBe(true);
  });

  it('says nothing about failed requests once the session has ended, and still reports successes', async () => {
    render(withLocale(<Toasts dark={false} rtl={false} />));
    const ended = createNotificationProvider(() => false);
    act(() => ended.open?.({ key: 'late', type: 'error', message: 'Error (status code: 401)', description: 'late failure' }));
    act(() => ended.open?.({ key: 'fine', type: 'success', message: 'still said' }));
    await waitFor(() => expect(document.querySelector('.Toastify__toast--success')?.textContent).toContain('still said'));
    expect(document.querySelector('.Toastify')?.textContent).not.toContain('late failure');
    expect(document.querySelector('[data-testid="notice-log"]')?.textContent).not.toContain('late failure');
  });

  it('offers Undo on an undoable mutation and cancels it', async () => {
    render(withLocale(<Toasts dark rtl />));
    const cancelMutation = vi.fn();
    act(() => notificationProvider.open?.({ key: 'undo', type: 'progress', message: 'Deleting', cancelMutation, undoableTimeout: 5 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(cancelMutation).toHaveBeenCalledOnce();
    expect(document.querySelector('.Toastify__toast-container')?.className).toContain('Toastify__toast-container--rtl');
  });
});

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

function BrokenAtBroken() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('Kaboom');
  return <p>fine</p>;
}

function Leave() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/elsewhere')}>
      leave
    </button>
  );
}

describe('RouteBoundary', () => {
  it('shows a page that threw as a 500 and clears it on another route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      withLocale(
        <MemoryRouter initialEntries={['/broken']}>
          <Leave />
          <RouteBoundary>
            <BrokenAtBroken />
          </RouteBoundary>
        </MemoryRouter>,
      ),
    );
    expect((await screen.findByTestId('server-error-detail')).textContent).toBe('Kaboom');
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    fireEvent.click(screen.getByText('leave'));
    expect(await screen.findByText('fine')).toBeTruthy();
    expect(screen.queryByTestId('server-error')).toBeNull();
  });

  it('shows a chunk that did not load with the failed request and a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new ChunkLoadError('page', { urls: ['http://host/assets/page-1.js'], timedOut: false });
    render(
      withLocale(
        <MemoryRouter>
          <RouteBoundary>
            <Thrower error={error} />
          </RouteBoundary>
        </MemoryRouter>,
      ),
    );
    expect((await screen.findByTestId('chunk-error-url')).textContent).toBe('http://host/assets/page-1.js');
    expect(screen.getByTestId('chunk-error-reload').textContent).toBe('Reload the page');
  });
});
