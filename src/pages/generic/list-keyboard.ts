import type { BaseRecord } from '@refinedev/core';
import { useCallback, useEffect, useRef, useState, type Key } from 'react';

/** A key a list offers for its focused row (a transition's hotkey, from transitions/hotkeys.ts). */
export interface ListHotkey {
  key: string;
  labelKey: string;
  run(record: BaseRecord): void;
}

export interface ListKeyboardOptions {
  rows: readonly BaseRecord[];
  rowKey(record: BaseRecord): string;
  /** The selection's keys, when the list selects (x toggles the focused row). */
  selected?: readonly Key[];
  setSelected?(keys: Key[]): void;
  /** Enter: the row's show page (or its edit page). */
  onOpen?(record: BaseRecord): void;
  hotkeys?: readonly ListHotkey[];
  /** Off while the list is not the page's main content (a picker inside a form). */
  enabled?: boolean;
}

export interface ListKeyboard {
  /** The focused row's key, drawn with a ring. */
  focused: string | undefined;
  setFocused(key: string | undefined): void;
  helpOpen: boolean;
  setHelpOpen(open: boolean): void;
}

/** The reserved keys a hotkey may not take. */
export const LIST_KEYS = ['j', 'k', 'ArrowDown', 'ArrowUp', 'Enter', 'x', '?', 'Escape'] as const;

/** True while the user types or works in a dialog: then the list's keys are theirs, not ours. */
function keyIsNotForTheList(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="textbox"], .ant-select, .ant-picker')) return true;
  // An open modal, drawer or dropdown owns the keyboard (the confirm of a delete, a filter panel).
  return document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open, .ant-dropdown:not(.ant-dropdown-hidden) .ant-table-filter-dropdown') !== null;
}

/**
 * Keyboard triage on a list: j/k (or the arrows) move a ring over the rows, Enter opens the
 * focused one, x selects it, the hotkeys act on it, and ? opens the help that lists them.
 * Listens on the document, so it works wherever the focus is, except in a field or a dialog.
 */
export function useListKeyboard({ rows, rowKey, selected, setSelected, onOpen, hotkeys = [], enabled = true }: ListKeyboardOptions): ListKeyboard {
  const [focused, setFocused] = useState<string>();
  const [helpOpen, setHelpOpen] = useState(false);
  // The listener is added once; it reads the latest props through this.
  const latest = useRef({ rows, rowKey, selected, setSelected, onOpen, hotkeys, focused, helpOpen });
  latest.current = { rows, rowKey, selected, setSelected, onOpen, hotkeys, focused, helpOpen };

  // A new page or filter: the ring stays on its row if it is still shown, else it goes.
  useEffect(() => {
    if (focused !== undefined && !rows.some((row) => rowKey(row) === focused)) setFocused(undefined);
  }, [rows, rowKey, focused]);

  const move = useCallback((step: 1 | -1) => {
    const { rows: shown, rowKey: keyOf, focused: current } = latest.current;
    if (shown.length === 0) return;
    const index = current === undefined ? -1 : shown.findIndex((row) => keyOf(row) === current);
    const next = index === -1 ? (step === 1 ? 0 : shown.length - 1) : Math.min(shown.length - 1, Math.max(0, index + step));
    const row = shown[next];
    if (row) setFocused(keyOf(row));
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const state = latest.current;
      // The help closes on Escape wherever the focus is (the dialog only hears keys when focused).
      if (state.helpOpen) {
        if (event.key === 'Escape') setHelpOpen(false);
        return;
      }
      if (keyIsNotForTheList(event)) return;
      const record = state.focused === undefined ? undefined : state.rows.find((row) => state.rowKey(row) === state.focused);
      const key = event.key;
      // Enter on a button or link (a page number, a row's edit button) is that control's.
      if (key === 'Enter' && event.target instanceof Element && event.target.closest('button, a[href], [role="button"]')) return;
      if (key === 'j' || key === 'ArrowDown') move(1);
      else if (key === 'k' || key === 'ArrowUp') move(-1);
      else if (key === '?') setHelpOpen(true);
      else if (key === 'Enter' && record && state.onOpen) state.onOpen(record);
      else if (key === 'x' && record && state.setSelected) {
        const id = state.rowKey(record);
        const keys = (state.selected ?? []).map(String);
        state.setSelected(keys.includes(id) ? keys.filter((candidate) => candidate !== id) : [...keys, id]);
      } else {
        const hotkey = record ? state.hotkeys.find((candidate) => candidate.key === key) : undefined;
        if (!hotkey || !record) return;
        hotkey.run(record);
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, move]);

  // The focused row stays in sight as j/k walk past the fold.
  useEffect(() => {
    if (focused === undefined) return;
    const row = document.querySelector(`tr[data-row-key="${focused.replace(/["\\]/g, '\\$&')}"]`);
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [focused]);

  return { focused, setFocused, helpOpen, setHelpOpen };
}
