import { describe, expect, it } from 'vitest';
import { isTyping, moveFocus, triageAction } from '../../../src/pages/announcements/triage-keys';

const row = { tagName: 'TR' };

describe('the queue keys', () => {
  it('maps each key to its action', () => {
    const keys = { j: 'next', k: 'previous', Enter: 'open', p: 'publish', s: 'suppress', m: 'merge', e: 'edit', '?': 'legend', Escape: 'close' };
    for (const [key, action] of Object.entries(keys)) expect(triageAction({ key, target: row }, false)).toBe(action);
    expect(triageAction({ key: 'x', target: row }, false)).toBeNull();
    expect(triageAction({ key: 'J', target: row }, false)).toBeNull();
  });

  it('ignores keys typed into fields', () => {
    for (const target of [{ tagName: 'INPUT' }, { tagName: 'textarea' }, { tagName: 'SELECT' }, { tagName: 'DIV', isContentEditable: true }, { tagName: 'DIV', role: 'combobox' }]) {
      expect(isTyping(target)).toBe(true);
      expect(triageAction({ key: 'p', target }, false)).toBeNull();
    }
    expect(isTyping(row)).toBe(false);
    expect(isTyping(null)).toBe(false);
  });

  it('ignores every key while a dialog is open, and browser shortcuts', () => {
    expect(triageAction({ key: 'p', target: row }, true)).toBeNull();
    expect(triageAction({ key: 'j', target: row }, true)).toBeNull();
    expect(triageAction({ key: 'p', ctrlKey: true, target: row }, false)).toBeNull();
    expect(triageAction({ key: 's', metaKey: true, target: row }, false)).toBeNull();
    expect(triageAction({ key: 'e', altKey: true, target: row }, false)).toBeNull();
  });

  it('leaves Enter to buttons and links, and does not repeat a decision held down', () => {
    expect(triageAction({ key: 'Enter', target: { tagName: 'BUTTON' } }, false)).toBeNull();
    expect(triageAction({ key: 'Enter', target: { tagName: 'A' } }, false)).toBeNull();
    expect(triageAction({ key: 'Enter', target: { tagName: 'BODY' } }, false)).toBe('open');
    expect(triageAction({ key: 'p', repeat: true, target: row }, false)).toBeNull();
    expect(triageAction({ key: 'j', repeat: true, target: row }, false)).toBe('next');
  });

  it('moves the focus within the list, stopping at its ends', () => {
    const ids = [5, 9, 2];
    expect(moveFocus(ids, null, 1)).toBe(5);
    expect(moveFocus(ids, 5, 1)).toBe(9);
    expect(moveFocus(ids, 2, 1)).toBe(2);
    expect(moveFocus(ids, 5, -1)).toBe(5);
    expect(moveFocus(ids, 2, -1)).toBe(9);
    expect(moveFocus(ids, 77, -1)).toBe(5);
    expect(moveFocus([], 5, 1)).toBeNull();
  });
});
