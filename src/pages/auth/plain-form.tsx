import { theme } from 'antd';
import { useLayoutEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { drawnInputs, focusedDrawnInput } from '../../prerender/drawn-fields';

// The login page's form without antd's Form: rc-field-form, async-validator, the grid and
// the tooltip were a fifth of the login route for two required fields and a six-digit
// code. Fields look and behave as antd's vertical Form.Item does: the label above, the
// check's message below in the error colour, in the space the item keeps for it, and a
// field is checked again as it changes.

/** A field's check: the message to show, or undefined when the value passes. */
export type FieldCheck = (value: string) => string | undefined;

export interface PlainForm<K extends string> {
  /** Props for the text box of field `name` (plain-input.tsx). */
  input(name: K): {
    id: string;
    value: string;
    status: 'error' | undefined;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
  };
  error(name: K): string | undefined;
  /** The form's onSubmit: checks every field, and calls `send` with the values when all pass. */
  onSubmit(send: (values: Record<K, string>) => void): (event: FormEvent) => void;
}

export function usePlainForm<K extends string>(ids: Record<K, string>, checks: Record<K, FieldCheck>, initial: Partial<Record<K, string>> = {}): PlainForm<K> {
  const names = Object.keys(ids) as K[];
  // What a reader typed into index.html's drawing of this form before the app ran (src/prerender).
  const [drawn] = useState(() => {
    const inputs = drawnInputs(names.map((name) => ids[name]));
    return { inputs, focused: focusedDrawnInput(inputs) };
  });
  const typed = (name: K) => drawn.inputs.get(ids[name])?.value || undefined;
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, typed(name) ?? initial[name] ?? ''])) as Record<K, string>);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  useLayoutEffect(() => {
    if (drawn.inputs.size === 0) return;
    // Keystrokes between the first render and its commit went into the drawing, which this commit removed.
    setValues((current) => Object.fromEntries(names.map((name) => [name, typed(name) ?? current[name]])) as Record<K, string>);
    if (drawn.focused) document.getElementById(drawn.focused)?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at the commit that replaces the drawing
  return {
    input: (name) => ({
      id: ids[name],
      value: values[name],
      status: errors[name] ? 'error' : undefined,
      'aria-invalid': Boolean(errors[name]),
      'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
      onChange: (event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: checks[name](value) }));
      },
    }),
    error: (name) => errors[name],
    onSubmit: (send) => (event) => {
      event.preventDefault();
      const found = Object.fromEntries(names.map((name) => [name, checks[name](values[name])])) as Partial<Record<K, string>>;
      setErrors(found);
      if (names.every((name) => !found[name])) send(values);
    },
  };
}

/** A labelled field, laid out as antd's vertical Form.Item. */
export function PlainField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} role="alert" style={{ minHeight: token.marginLG, color: token.colorError, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
