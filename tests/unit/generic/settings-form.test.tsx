// @vitest-environment jsdom
import { Refine, type AccessControlProvider, type CustomParams, type NotificationProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import GenericSettingsForm from '../../../src/pages/generic/generic-settings-form';
import { ApiError } from '../../../src/providers/http-error';
import { finviewSettings } from '../../../common/resources/finview-settings';
import { kycSettings } from '../../../common/resources/kyc-settings';
import type { FinviewSettings } from '../../../common/domains/finview/model';
import type { ResourceDefinition } from '../../../common/resources/types';
import { provider, waitFor } from '../finview/harness';

// The generic one-form page (shape 'form': settings) from a definition, against a data provider
// that plays the server: GET fills the fields (nested ones by their path), PUT sends the form with
// the version read (JSON, or multipart with a picked file), a 422's reasons land on the fields it
// names, a stale version is said with a reload, the save in the reader's words; the definition's
// rules refuse before sending; a role that may not edit reads it disabled; unsaved changes hold
// the tab's close.

const settings: FinviewSettings = {
  maxWidth: 1920, maxHeight: 1080, maxDurationSeconds: 120, maxFps: 30, defaultFps: 25, renderConcurrency: 1, renderTimeoutSeconds: 600, retentionDays: 30,
  brand: { background: '#101820', foreground: '#ffffff', accent: '#f2a900', palette: ['#f2a900', '#00a3e0'], fontFamily: 'DejaVu Sans' },
  logo: null, watermark: 'Demo', version: 3, updatedAt: '2026-11-01T00:00:00Z', updatedBy: { id: 1, username: 'ana' },
};

const kyc = { scanPolicy: 'required', scannerConfigured: false, certificate: null };

type Answer = (params: CustomParams) => unknown;

function renderForm(definition: ResourceDefinition, answer: Answer, { canEdit = true }: { canEdit?: boolean } = {}) {
  const calls: CustomParams[] = [];
  const notices: string[] = [];
  const dataProvider = provider({
    custom: async (params) => {
      calls.push(params);
      return { data: answer(params) as never };
    },
  });
  const notificationProvider: NotificationProvider = { open: ({ message }) => void notices.push(message), close: () => undefined };
  const accessControlProvider: AccessControlProvider = { can: async ({ action }) => ({ can: action !== 'edit' || canEdit }) };
  const path = `/${definition.route}`;
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          notificationProvider={notificationProvider}
          accessControlProvider={accessControlProvider}
          resources={[{ name: definition.name, list: path }]}
          options={{ disableTelemetry: true }}
        >
          <Routes>
            <Route path={path} element={<GenericSettingsForm definition={definition} route={{ path, resource: definition.name, action: 'list', page: 'generic-list' }} />} />
          </Routes>
        </Refine>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { calls, notices, puts: () => calls.filter((call) => call.method === 'put') };
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const save = (name: string) => act(async () => fireEvent.click(screen.getByTestId(`${name}-save`)));
const closingHeld = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => document.body.replaceChildren());

describe('generic one-form page (settings)', () => {
  it('fills nested fields, sends the form with the version, and puts a 422 on the fields it names', async () => {
    const form = renderForm(finviewSettings, ({ method }) => {
      if (method === 'get') return settings;
      throw new ApiError('Some fields are not valid.', 422, { errors: { retentionDays: 'Must be at most 3650.', 'brand.accent': 'Must be a colour as #rrggbb.' } });
    });
    await waitFor(() => expect(input('watermark')?.value).toBe('Demo'));
    expect(input('maxWidth').value).toBe('1920');
    // The sections, the help a field declares, and who changed it last.
    expect(document.body.textContent).toContain('Limits of templates');
    expect(document.body.textContent).toContain('Applies when each instance starts');
    expect(document.body.textContent).toContain('ana');
    // An area's editor (src/registry/editors.ts) is loaded when the form names it.
    await waitFor(() => expect(screen.getByTestId('finview-settings-font').textContent).toContain('DejaVu Sans'));

    fireEvent.change(input('watermark'), { target: { value: 'Sample' } });
    await save('finview-settings');
    await waitFor(() => expect(form.puts()).toHaveLength(1));
    const [put] = form.puts();
    expect(put?.url).toBe('/be-api-management/finview/settings');
    expect(put?.payload).toEqual({
      maxWidth: 1920, maxHeight: 1080, maxDurationSeconds: 120, maxFps: 30, defaultFps: 25, renderConcurrency: 1, renderTimeoutSeconds: 600, retentionDays: 30,
      brand: { background: '#101820', foreground: '#ffffff', accent: '#f2a900', palette: ['#f2a900', '#00a3e0'], fontFamily: 'DejaVu Sans' },
      logo: null, watermark: 'Sample', version: 3,
    });
    await waitFor(() => expect(document.body.textContent).toContain('Must be at most 3650.'));
    expect(document.body.textContent).toContain('Must be a colour as #rrggbb.');
    expect(screen.getByTestId('finview-settings-failure').textContent).toContain('Some fields are not valid.');
  }, 60_000);

  it('refuses what the definition forbids before sending, and says a save in the reader\'s words', async () => {
    const form = renderForm(finviewSettings, ({ method, payload }) => (method === 'get' ? settings : { ...settings, ...(payload as object), version: 4 }));
    await waitFor(() => expect(input('retentionDays')?.value).toBe('30'));
    fireEvent.change(input('retentionDays'), { target: { value: '5000' } });
    await save('finview-settings');
    await waitFor(() => expect(document.body.textContent).toContain('Keep unapproved outputs (days) must be at most 3650'));
    expect(form.puts()).toHaveLength(0);
    // Unsaved changes hold the tab's close until they are saved.
    expect(closingHeld()).toBe(true);

    fireEvent.change(input('retentionDays'), { target: { value: '90' } });
    await save('finview-settings');
    await waitFor(() => expect(form.notices).toContain('The finview settings have been saved.'));
    expect(form.puts()[0]?.payload).toMatchObject({ retentionDays: 90, version: 3 });
    await waitFor(() => expect(closingHeld()).toBe(false));
  }, 60_000);

  it('says a stale version with a reload that shows the current settings', async () => {
    let current = settings;
    renderForm(finviewSettings, ({ method }) => {
      if (method === 'get') return current;
      throw new ApiError('Someone else changed this record since you opened it.', 409, { body: { code: 'staleEdit' } });
    });
    await waitFor(() => expect(input('watermark')?.value).toBe('Demo'));
    current = { ...settings, watermark: 'Theirs', version: 4 };
    fireEvent.change(input('watermark'), { target: { value: 'Mine' } });
    await save('finview-settings');
    await waitFor(() => expect(screen.getByTestId('finview-settings-failure').textContent).toContain('Reload to see the current record'));
    fireEvent.click(screen.getByTestId('generic-reload'));
    await waitFor(() => expect(input('watermark').value).toBe('Theirs'));
    expect(screen.queryByTestId('finview-settings-failure')).toBeNull();
  }, 60_000);

  it('sends a multipart form with the picked file, and refuses a file over the editor\'s cap', async () => {
    const form = renderForm(kycSettings, ({ method }) => (method === 'get' ? kyc : { ...kyc, scanPolicy: 'off' }));
    await waitFor(() => expect(screen.getByTestId('kyc-scanner-missing')).toBeTruthy());
    // Required without a scanner: nothing could be approved, and the page says so.
    expect(document.body.textContent).toContain('no document can be approved');
    expect(screen.getByTestId('kyc-no-certificate')).toBeTruthy();
    // rc-upload draws a new input after each pick: found again each time.
    const file = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await act(async () => fireEvent.change(file(), { target: { files: [new File([new Uint8Array(65 * 1024)], 'big.pem')] } }));
    await waitFor(() => expect(document.body.textContent).toContain('big.pem is too large to be a certificate.'));
    await act(async () => fireEvent.change(file(), { target: { files: [new File(['-----BEGIN CERTIFICATE-----'], 'uidai.pem')] } }));
    await waitFor(() => expect(screen.getByTestId('kyc-certificate-picked').textContent).toContain('uidai.pem'));
    fireEvent.click(screen.getByTestId('kyc-scan-policy-off'));
    await save('kyc-settings');
    await waitFor(() => expect(form.puts()).toHaveLength(1));
    const body = form.puts()[0]?.payload as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('scanPolicy')).toBe('off');
    expect((body.get('certificate') as File).name).toBe('uidai.pem');
    // No version: these settings have none, and the upload guard takes only its own fields.
    expect([...body.keys()].sort()).toEqual(['certificate', 'scanPolicy']);
    await waitFor(() => expect(form.notices).toContain('The KYC settings have been saved.'));
  }, 60_000);

  it('shows a role that may read but not edit the settings disabled, without a save', async () => {
    renderForm(finviewSettings, () => settings, { canEdit: false });
    await waitFor(() => expect(input('watermark')?.value).toBe('Demo'));
    await waitFor(() => expect(input('watermark').disabled).toBe(true));
    expect(input('maxWidth').disabled).toBe(true);
    expect(screen.queryByTestId('finview-settings-save')).toBeNull();
  }, 60_000);

  it('shows a number field\'s unit after its input', async () => {
    const definition: ResourceDefinition = {
      ...finviewSettings,
      fields: [{ name: 'retentionDays', type: 'integer', labelKey: 'finviewSettings.fields.retentionDays', unit: 'finviewSettings.updated' }],
      form: {},
    };
    renderForm(definition, () => settings);
    await waitFor(() => expect(input('retentionDays')?.value).toBe('30'));
    expect(document.querySelector('.ant-input-number-group-addon')?.textContent).toBe('Last changed by');
  }, 60_000);
});
