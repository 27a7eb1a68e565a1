// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../../src/app';
import type { AppConfig } from '../../../common/config/schema';
import { createI18n } from '../../../src/i18n/i18n';
import { createMemoryStorage } from '../../../src/providers/session-store';
import type { Role } from '../../../common/resources/types';
import { createFakeSealer, LOGIN_ANSWER, PUBLIC_KEY, rcKey } from '../providers/harness';

// The whole client in jsdom: Refine, the generated routes, the shell and the
// providers, against msw instead of the UI service.

const config = JSON.parse(readFileSync('config/app.json', 'utf8')) as AppConfig;
const API = '*/backoffice/api';
let kid = 1;
const nextKey = () => ({ 'rc-key': rcKey(++kid) });

const server = setupServer(
  http.get(`${API}/publicKey`, () => HttpResponse.json({ publicKey: PUBLIC_KEY })),
  http.post(`${API}/login`, async ({ request }) => {
    const { password } = (await request.json()) as { password?: string };
    return password === 'right-password'
      ? HttpResponse.json(LOGIN_ANSWER, { headers: { 'rc-key': rcKey(1) } })
      : HttpResponse.json({ message: 'Incorrect username or password.' }, { status: 401 });
  }),
  http.get(`${API}/me`, () =>
    HttpResponse.json({ user_id: 'u-17', username: 'analyst', role: 2, name: 'Ana Lyst' }, { headers: nextKey() }),
  ),
  http.post(`${API}/logout`, () => new HttpResponse(null, { status: 204, headers: nextKey() })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function loggedInStorage(role: Role, username = 'analyst'): Storage {
  const storage = createMemoryStorage();
  storage.setItem('current_user', JSON.stringify({ user_id: 'u-17', username, anonymous_paths: LOGIN_ANSWER.anonymous_paths, role }));
  storage.setItem('access_token', 'a'.repeat(43));
  storage.setItem('rc-key', rcKey(1));
  storage.setItem('public_key', PUBLIC_KEY);
  return storage;
}

function renderApp(hash: string, storage = createMemoryStorage(), appConfig: AppConfig = config) {
  window.location.hash = hash;
  const i18n = createI18n('en');
  const { sealer } = createFakeSealer();
  render(<App config={appConfig} i18n={i18n} locale={{ language: 'en', direction: 'ltr' }} storage={storage} sealer={sealer} />);
  return { storage };
}

const testIds = (prefix: string) =>
  [...document.querySelectorAll(`[data-testid^="${prefix}"]`)].map((node) => node.getAttribute('data-testid')?.slice(prefix.length));

async function openAreas() {
  for (const area of [...document.querySelectorAll<HTMLElement>('[data-testid^="menu-area-"]')]) {
    const title = area.querySelector<HTMLElement>('.ant-menu-submenu-title') ?? area;
    await act(async () => fireEvent.click(title));
  }
}

describe('the app in jsdom', { timeout: 30_000 }, () => {
  it('sends a visitor to the login form and logs them in', async () => {
    const { storage } = renderApp('#/');
    const username = await screen.findByLabelText('Username', {}, { timeout: 10_000 });
    expect(username.id).toBe('username');
    // Focused once shown (useFocusOnMount in src/pages/auth/auth-layout.tsx), as autoFocus would, and only then.
    await waitFor(() => expect(document.activeElement).toBe(username));
    const password = document.getElementById('password') as HTMLElement;
    expect(window.location.hash).toMatch(/^#\/login/);

    fireEvent.change(username, { target: { value: 'analyst' } });
    act(() => password.focus());
    fireEvent.change(password, { target: { value: 'right-password' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).toBe(password);
    fireEvent.click(screen.getByTestId('login-submit'));

    const user = await screen.findByTestId('current-user', {}, { timeout: 10_000 });
    await waitFor(() => expect(user.textContent).toBe('analyst'));
    expect(screen.getByTestId('current-role').textContent).toBe('User');
    expect(JSON.parse(storage.getItem('current_user') ?? '{}')).toMatchObject({ username: 'analyst', role: 2 });
    expect(storage.getItem('access_token')).toBe(LOGIN_ANSWER.access_token);
  });

  it('holds an empty sign-in back, names each missing field beside it, and clears the message as it is typed', async () => {
    const logins: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/login')) logins.push(request.url);
    });
    renderApp('#/login');
    const username = await screen.findByLabelText('Username', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByText('Enter your username.')).id).toBe('username-error');
    expect(screen.getByText('Enter your password.').id).toBe('password-error');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe('username-error');
    fireEvent.change(username, { target: { value: 'analyst' } });
    await waitFor(() => expect(screen.queryByText('Enter your username.')).toBeNull());
    expect(username.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(logins).toEqual([]);
    server.events.removeAllListeners();
  });

  it('shows the server message when the password is wrong', async () => {
    renderApp('#/login');
    fireEvent.change(await screen.findByLabelText('Username', {}, { timeout: 10_000 }), { target: { value: 'analyst' } });
    fireEvent.change(document.getElementById('password') as HTMLElement, { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Incorrect username or password.', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it.each<[Role, string[], string[]]>([
    [2, ['finview'], ['videos', 'create-videos', 'templates', 'plugins', 'rules']],
    [1, ['finview', 'admin'], ['videos', 'create-videos', 'templates', 'plugins', 'rules', 'finview-settings', 'users', 'audit-log']],
    [0, ['finview', 'admin'], ['videos', 'create-videos', 'templates', 'plugins', 'rules', 'finview-settings', 'users', 'enterprises', 'audit-log']],
  ])('role %i sees its menu', async (role, areas, items) => {
    renderApp('#/', loggedInStorage(role));
    await screen.findByTestId('current-user', {}, { timeout: 10_000 });
    await waitFor(() => expect(testIds('menu-area-')).toEqual(areas));
    await openAreas();
    await waitFor(() => expect(testIds('menu-item-')).toEqual(items));
    expect(document.querySelector('.ant-menu')?.classList.contains('menu-default')).toBe(true);
    expect((await screen.findByTestId('dashboard-tile-finview')).getAttribute('href')).toBe('#/finview');
  });

  it("opens an area's menu page with the items the role may open", async () => {
    renderApp('#/finview', loggedInStorage(2));
    const area = await screen.findByTestId('area-page', {}, { timeout: 10_000 });
    expect(area.getAttribute('data-area')).toBe('finview');
    expect(testIds('area-item-')).toEqual(['videos', 'create-videos', 'templates', 'plugins', 'rules']);
    expect((await screen.findByTestId('area-item-videos')).getAttribute('href')).toBe('#/finview/videos');
  });

  it('shows 403 to a user typing an admin URL', async () => {
    renderApp('#/admin/user/users', loggedInStorage(2));
    expect(await screen.findByTestId('forbidden', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows Reports, once its module is on, as the generic list of the outputs of kind report (no stub page)', async () => {
    const asked: URL[] = [];
    server.use(
      http.get(`${API}/be-api-management/finview/outputs`, ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json([], { headers: { 'x-total-count': '0' } });
      }),
    );
    const withReports = { ...config, modules: config.modules.map((entry) => (entry.name === 'Reports' ? { ...entry, isEnabled: true } : entry)) };
    renderApp('#/finview/reports', loggedInStorage(0), withReports);
    const list = await screen.findByTestId('generic-list', {}, { timeout: 10_000 });
    expect(list.getAttribute('data-resource')).toBe('reports');
    expect(screen.queryByTestId('resource-pending')).toBeNull();
    // The list's fixed filter goes with every request, never in the URL.
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('kind')).toBe('report'));
    expect(window.location.hash).not.toContain('kind');
  });

  it('shows 404 for an unknown path', async () => {
    renderApp('#/no/such/page', loggedInStorage(2));
    expect(await screen.findByTestId('not-found', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a 401 on a sealed call ends the session, shows the server message and returns to login', async () => {
    server.use(http.get(`${API}/me`, () => HttpResponse.json({ message: 'Forged session end.' }, { status: 401 })));
    const { storage } = renderApp('#/', loggedInStorage(2));
    expect(await screen.findByText('Forged session end.', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/login/));
    expect(storage.getItem('access_token')).toBeNull();
  });

  it('logout clears the session and returns to login', async () => {
    const { storage } = renderApp('#/', loggedInStorage(1));
    fireEvent.click(await screen.findByTestId('logout', {}, { timeout: 10_000 }));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/login/));
    expect(storage.getItem('current_user')).toBeNull();
    expect(storage.getItem('rc-key')).toBeNull();
  });
});
