// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import { PlainInput, PlainPassword } from '../../../src/pages/auth/plain-input';

describe('the login page\'s text boxes', () => {
  it('shows and hides the password with a named, pressed button', async () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <label htmlFor="pw">Password</label>
        <PlainPassword id="pw" value="s3cret" onChange={() => undefined} />
      </I18nextProvider>,
    );
    const box = screen.getByLabelText('Password') as HTMLInputElement;
    expect(box.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('pw');
    await act(async () => fireEvent.click(toggle));
    expect(box.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('draws the error colour and the focus ring as antd\'s Input does', async () => {
    render(<PlainInput id="user" aria-label="Username" status="error" value="" onChange={() => undefined} />);
    const box = screen.getByLabelText('Username');
    const frame = box.parentElement as HTMLElement;
    expect(frame.style.border).toContain('rgb(255, 77, 79)');
    expect(frame.style.boxShadow).toBe('none');
    await act(async () => fireEvent.focus(box));
    expect(frame.style.boxShadow).toBe('0 0 0 2px rgba(255,38,5,0.06)');
  });
});
