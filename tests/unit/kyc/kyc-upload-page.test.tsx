// @vitest-environment jsdom
import { Refine, type CustomParams, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor as waitForAtOnce } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import KycUploadPage from '../../../src/pages/kyc/kyc-upload-page';
import { ApiError } from '../../../src/providers/http-error';
import { buildRegistry } from '../../../common/resources/generate';
import { verhoeffDigit } from '../../../common/domains/kyc/rules';
import { RuntimeProvider } from '../../../src/registry/registry-context';
import { FIELD_REASONS } from '../../../common/messages';
import { shippedConfig, withAreas } from '../../fixtures/app-config';

// The upload form against a data provider that plays the server: the shared rules refuse a
// bad PAN or Aadhaar before anything is sent, a picked file is judged by its bytes, the
// request is one multipart POST (subject JSON first, files named by type), and a 422's
// field reasons land on the fields.

// jsdom renders antd slowly on a busy machine: a second is not always enough.
const waitFor = <T,>(check: () => T | Promise<T>) => waitForAtOnce(check, { timeout: 15_000 });

const config = withAreas(shippedConfig(), ['kyc-management']);
const registry = buildRegistry(config);

function fakeServer(answer: (body: FormData) => unknown) {
  const calls: CustomParams[] = [];
  const provider: DataProvider = {
    getApiUrl: () => '/api',
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
    custom: async (params) => {
      calls.push(params);
      return { data: answer(params.payload as FormData) as never };
    },
  };
  return { calls, provider };
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(provider: DataProvider) {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <RuntimeProvider config={config} registry={registry}>
        <MemoryRouter initialEntries={['/kyc-management/kyc/upload']}>
          <Refine dataProvider={provider} routerProvider={routerProvider} resources={registry.resources} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path="/kyc-management/kyc/upload" element={<KycUploadPage route={{ path: '/kyc-management/kyc/upload', resource: 'kyc-upload', action: 'list', page: 'kyc-upload' }} />} />
              <Route path="/kyc-management/kyc/documents" element={<Where />} />
            </Routes>
          </Refine>
        </MemoryRouter>
      </RuntimeProvider>
    </I18nextProvider>,
  );
}

const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const itemOf = (id: string) => input(id).closest('.ant-form-item') as HTMLElement;
const explain = (id: string) => itemOf(id).querySelector('.ant-form-item-explain')?.textContent ?? '';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF = new TextEncoder().encode('%PDF-1.4\n');
const GOOD_AADHAAR = `23456789012${verhoeffDigit('23456789012')}`;

async function drop(type: string, file: File) {
  const area = screen.getByTestId(`kyc-doc-${type}`);
  const fileInput = area.querySelector('input[type="file"]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(fileInput, { target: { files: [file] } });
  });
}

async function pickSelect(id: string, text: string) {
  fireEvent.mouseDown(input(id));
  // The list is virtual: only the first options are rendered until a search narrows it.
  if (input(id).closest('.ant-select-show-search')) fireEvent.change(input(id), { target: { value: text } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((element) => element.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

async function fillSubject({ pan = 'ABCPV1234K', aadhaar = GOOD_AADHAAR } = {}) {
  type('name', 'Asha Verma');
  fireEvent.mouseDown(input('dob'));
  fireEvent.change(input('dob'), { target: { value: '1990-04-01' } });
  fireEvent.keyDown(input('dob'), { key: 'Enter', keyCode: 13 });
  await pickSelect('gender', 'Female');
  type('addressLine', '12 MG Road');
  type('city', 'Pune');
  await pickSelect('state', 'Maharashtra');
  type('pinCode', '411001');
  type('pan', pan);
  type('aadhaar', aadhaar);
}

describe('KYC upload form', { timeout: 60_000 }, () => {
  it('refuses a bad PAN and a wrong Aadhaar check digit with the shared rules, warns on a surname initial, and sends nothing', async () => {
    const server = fakeServer(() => ({}));
    renderPage(server.provider);
    type('name', 'Asha Verma');
    type('pan', 'abcpx12');
    // Typed in lower case, kept in upper case.
    await waitFor(() => expect(input('pan').value).toBe('ABCPX12'));
    await waitFor(() => expect(explain('pan')).toBe(`PAN ${FIELD_REASONS.panFormat}.`));
    type('pan', 'ABCPX1234K');
    await waitFor(() => expect(explain('pan')).toBe(`PAN ${FIELD_REASONS.panSurnameInitial}.`));
    expect(itemOf('pan').className).toContain('ant-form-item-has-warning');

    const wrongDigit = `23456789012${(verhoeffDigit('23456789012') + 1) % 10}`;
    type('aadhaar', `${wrongDigit.slice(0, 4)} ${wrongDigit.slice(4, 8)} ${wrongDigit.slice(8)}`);
    await waitFor(() => expect(explain('aadhaar')).toBe(`Aadhaar number ${FIELD_REASONS.aadhaarChecksum}.`));
    type('aadhaar', '1234 5678 9012');
    await waitFor(() => expect(explain('aadhaar')).toBe(`Aadhaar number ${FIELD_REASONS.aadhaarFormat}.`));

    fireEvent.click(screen.getByTestId('kyc-upload-submit'));
    await waitFor(() => expect(screen.getByTestId('kyc-upload-failure').textContent).toBe('Some fields need attention.'));
    expect(server.calls).toEqual([]);
  });

  it('judges a picked file by its bytes: HTML named .jpg and a PDF for the Aadhaar card are refused, a JPEG is previewed', async () => {
    renderPage(fakeServer(() => ({})).provider);
    await drop('aadhaar_card', new File(['<html><script>alert(1)</script>'], 'aadhaar.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-doc-aadhaar_card-error').textContent).toBe(
        'aadhaar.jpg is not a file of the accepted kinds (read from its content, not its name): send JPEG, PNG, WebP.',
      ),
    );
    expect(screen.queryByTestId('kyc-doc-aadhaar_card-preview')).toBeNull();
    await drop('aadhaar_card', new File([PDF], 'aadhaar.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByTestId('kyc-doc-aadhaar_card-error').textContent).toContain('aadhaar.pdf is not'));
    await drop('aadhaar_card', new File([JPEG], 'aadhaar.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByTestId('kyc-doc-aadhaar_card-preview').textContent).toContain('aadhaar.jpg'));
    expect(screen.queryByTestId('kyc-doc-aadhaar_card-error')).toBeNull();
  });

  it('asks for each required group of documents before sending', async () => {
    const server = fakeServer(() => ({}));
    renderPage(server.provider);
    await fillSubject();
    await drop('picture', new File([JPEG], 'me.jpg', { type: 'image/jpeg' }));
    fireEvent.click(screen.getByTestId('kyc-upload-submit'));
    await waitFor(() => expect(screen.getByTestId('kyc-group-pan_card-error').textContent).toBe('Add PAN card or e-PAN.'));
    expect(screen.getByTestId('kyc-group-aadhaar_card-error').textContent).toBe('Add Aadhaar card or Digital Aadhaar.');
    expect(screen.queryByTestId('kyc-group-picture-error')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('sends one multipart POST (subject first, files by type, Aadhaar without spaces), puts a 422 on its fields, then goes to the documents', async () => {
    let refuse = true;
    const server = fakeServer(() => {
      if (refuse) {
        refuse = false;
        throw new ApiError('The KYC subject is not valid.', 422, { errors: { pan: FIELD_REASONS.panTaken, aadhaar_card: 'is not a readable image' } });
      }
      return { id: 7, name: 'Asha Verma', pan: 'ABCPV1234K' };
    });
    renderPage(server.provider);
    await fillSubject({ aadhaar: `${GOOD_AADHAAR.slice(0, 4)} ${GOOD_AADHAAR.slice(4, 8)} ${GOOD_AADHAAR.slice(8)}` });
    await drop('pan_card', new File([PDF], 'pan.pdf', { type: 'application/pdf' }));
    await drop('aadhaar_card', new File([JPEG], 'aadhaar.jpg', { type: 'image/jpeg' }));
    await drop('picture', new File([JPEG], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByTestId('kyc-doc-picture-preview')).toBeTruthy());

    fireEvent.click(screen.getByTestId('kyc-upload-submit'));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    const [call] = server.calls;
    expect(call).toMatchObject({ url: '/be-api-management/kyc/subjects', method: 'post' });
    const body = call?.payload as FormData;
    expect([...body.keys()]).toEqual(['subject', 'pan_card', 'aadhaar_card', 'picture']);
    expect(JSON.parse(String(body.get('subject')))).toEqual({
      name: 'Asha Verma', dob: '1990-04-01', gender: 'F', addressLine: '12 MG Road', city: 'Pune', state: 'Maharashtra',
      pinCode: '411001', pan: 'ABCPV1234K', aadhaar: GOOD_AADHAAR,
    });
    expect((body.get('aadhaar_card') as File).name).toBe('aadhaar.jpg');
    await waitFor(() => expect(explain('pan')).toBe(`PAN ${FIELD_REASONS.panTaken}.`));
    expect(screen.getByTestId('kyc-doc-aadhaar_card-error').textContent).toBe('is not a readable image');
    expect(screen.getByTestId('kyc-upload-failure').textContent).toBe('The KYC subject is not valid.');

    type('pan', 'ABCPV1234K');
    fireEvent.click(screen.getByTestId('kyc-upload-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('/kyc-management/kyc/documents?'));
    expect(decodeURIComponent(screen.getByTestId('where').textContent ?? '')).toContain('[value]=ABCPV1234K');
  });
});
