// The review queue's keyboard (docs/announcements.md "Screens"): one letter per decision, so a
// reviewer clears the queue without the mouse. Pure: the hook in use-triage-keys.ts feeds it.

export type TriageAction = 'next' | 'previous' | 'open' | 'publish' | 'suppress' | 'merge' | 'edit' | 'legend' | 'close';

export const TRIAGE_KEYS: ReadonlyArray<{ key: string; label: string; action: TriageAction }> = [
  { key: 'j', label: 'j', action: 'next' },
  { key: 'k', label: 'k', action: 'previous' },
  { key: 'Enter', label: 'Enter', action: 'open' },
  { key: 'p', label: 'p', action: 'publish' },
  { key: 's', label: 's', action: 'suppress' },
  { key: 'm', label: 'm', action: 'merge' },
  { key: 'e', label: 'e', action: 'edit' },
  { key: '?', label: '?', action: 'legend' },
  { key: 'Escape', label: 'Esc', action: 'close' },
];

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focused element's tag and editability, as the event's target tells them. */
  target?: { tagName?: string; isContentEditable?: boolean; role?: string | null } | null;
  repeat?: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const TYPING_ROLES = new Set(['textbox', 'combobox', 'searchbox', 'spinbutton']);

/** True when the key goes to a field the user is typing in. */
export function isTyping(target: KeyInput['target']): boolean {
  if (!target) return false;
  return TYPING_TAGS.has(target.tagName?.toUpperCase() ?? '') || target.isContentEditable === true || TYPING_ROLES.has(target.role ?? '');
}

/**
 * The action a key asks for, or null: modified keys (browser shortcuts), keys typed into a
 * field, and every key while a dialog is open are not the queue's. Enter on a button or a link
 * is that element's own click, not "open".
 */
export function triageAction(event: KeyInput, dialogOpen: boolean): TriageAction | null {
  if (dialogOpen || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTyping(event.target)) return null;
  const tag = event.target?.tagName?.toUpperCase();
  if (event.key === 'Enter' && (tag === 'BUTTON' || tag === 'A')) return null;
  const found = TRIAGE_KEYS.find(({ key }) => key === event.key);
  if (!found) return null;
  // Holding j or k walks the list; holding a decision key must not decide twice.
  if (event.repeat && found.action !== 'next' && found.action !== 'previous') return null;
  return found.action;
}

/** The row after (or before) the focused one, staying at the ends; the first when none is focused. */
export function moveFocus(ids: readonly number[], current: number | null, step: 1 | -1): number | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return ids[0] ?? null;
  return ids[Math.min(ids.length - 1, Math.max(0, at + step))] ?? null;
}
