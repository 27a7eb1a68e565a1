// @vitest-environment jsdom
import type { BaseRecord } from '@refinedev/core';
import { act, fireEvent, render, renderHook } from '@testing-library/react';
import { useState, type Key } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListKeyboard, type ListHotkey } from '../../../src/pages/generic/list-keyboard';

// The list's keyboard: j/k and the arrows move the ring, Enter opens, x selects, a hotkey acts
// on the focused row, ? opens the help; nothing happens while typing or with a dialog open.

const ROWS: BaseRecord[] = [{ id: 1 }, { id: 2 }, { id: 3 }];
const rowKey = (record: BaseRecord) => String(record.id);
const press = (key: string, target: Element = document.body) => act(() => void fireEvent.keyDown(target, { key }));

function setUp(hotkeys: ListHotkey[] = []) {
  const onOpen = vi.fn();
  const hook = renderHook(() => {
    const [selected, setSelected] = useState<Key[]>([]);
    return { selected, ...useListKeyboard({ rows: ROWS, rowKey, selected, setSelected, onOpen, hotkeys }) };
  });
  return { hook, onOpen };
}

describe('useListKeyboard', () => {
  it('moves with j/k and the arrows, staying within the rows', () => {
    const { hook } = setUp();
    expect(hook.result.current.focused).toBeUndefined();
    press('j');
    expect(hook.result.current.focused).toBe('1');
    press('ArrowDown');
    press('j');
    press('j');
    expect(hook.result.current.focused).toBe('3');
    press('k');
    expect(hook.result.current.focused).toBe('2');
    press('ArrowUp');
    press('ArrowUp');
    expect(hook.result.current.focused).toBe('1');
  });

  it('opens the focused row with Enter, toggles its selection with x, and runs a hotkey on it', () => {
    const run = vi.fn();
    const { hook, onOpen } = setUp([{ key: 'r', labelKey: 'reject', run }]);
    press('Enter');
    expect(onOpen).not.toHaveBeenCalled();
    press('j');
    press('j');
    press('Enter');
    expect(onOpen).toHaveBeenCalledWith({ id: 2 });
    press('x');
    expect(hook.result.current.selected).toEqual(['2']);
    press('j');
    press('x');
    expect(hook.result.current.selected).toEqual(['2', '3']);
    press('k');
    press('x');
    expect(hook.result.current.selected).toEqual(['3']);
    press('r');
    expect(run).toHaveBeenCalledWith({ id: 2 });
  });

  it('opens the help with ?, and ignores keys typed in a field, on a button (Enter) or under an open dialog', () => {
    const { hook, onOpen } = setUp();
    const { container } = render(
      <div>
        <input aria-label="search" />
        <button type="button">page 2</button>
      </div>,
    );
    const input = container.querySelector('input') as HTMLInputElement;
    press('j', input);
    expect(hook.result.current.focused).toBeUndefined();
    press('j');
    press('Enter', container.querySelector('button') as HTMLButtonElement);
    expect(onOpen).not.toHaveBeenCalled();
    press('?');
    expect(hook.result.current.helpOpen).toBe(true);
    // While the help is open the list's keys wait.
    press('j');
    expect(hook.result.current.focused).toBe('1');
    press('Escape');
    expect(hook.result.current.helpOpen).toBe(false);
    const modal = document.createElement('div');
    modal.className = 'ant-modal-wrap';
    document.body.append(modal);
    press('j');
    expect(hook.result.current.focused).toBe('1');
    modal.remove();
    press('j');
    expect(hook.result.current.focused).toBe('2');
  });

  it('drops the ring when its row leaves the page', () => {
    const { result, rerender } = renderHook(({ rows }) => useListKeyboard({ rows, rowKey }), { initialProps: { rows: ROWS } });
    press('j');
    expect(result.current.focused).toBe('1');
    rerender({ rows: [{ id: 7 }] });
    expect(result.current.focused).toBeUndefined();
  });
});
