import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_DENSITY, type Density } from '../../../../common/domains/views/model';
import type { PreferencesValue } from '../../../../common/domains/views/schemas';
import type { FieldDefinition, ResourceDefinition } from '../../../../common/resources/types';
import { fieldsFor } from '../field-input';
import { useStoredPreferences } from './views-api';

/** Changes wait this long for the next before they are sent: a few ticks in the chooser make one request. */
const SAVE_DELAY_MS = 600;

export interface ListPreferences {
  /** The list's columns in the definition's order, shown or not: what the chooser offers. */
  fields: FieldDefinition[];
  /** Whether a column is shown: the user's choice, else every column its definition does not hide. */
  visible(name: string): boolean;
  /** The shown columns' names, in order. */
  columns: string[];
  density: Density;
  /** Shows these columns (null: the definition's) and keeps the choice on the server. */
  setColumns(columns: string[] | null): void;
  setDensity(density: Density): void;
  /** Both at once (a saved view brings its own). */
  set(preferences: Partial<PreferencesValue>): void;
}

/**
 * One user's columns and density of one list: read from the server when the list opens, changed
 * at once on the page and saved (debounced) so they follow the user to another browser.
 */
export function useListPreferences(definition: ResourceDefinition): ListPreferences {
  const fields = useMemo(() => fieldsFor(definition.fields, 'list'), [definition.fields]);
  const { stored, save } = useStoredPreferences(definition.name);
  // The user's latest choice on this page, ahead of the server's copy until that has caught up.
  const [chosen, setChosen] = useState<PreferencesValue>();
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; value: PreferencesValue }>(undefined);
  const current: PreferencesValue = chosen ?? stored ?? { columns: null, density: DEFAULT_DENSITY };

  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = undefined;
    save(waiting.value);
  }, [save]);
  // Leaving the list sends what is still waiting rather than losing it.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => flushRef.current(), []);

  const latest = useRef(current);
  latest.current = current;
  const set = useCallback((next: Partial<PreferencesValue>) => {
    const value = { ...latest.current, ...next };
    latest.current = value;
    setChosen(value);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = { value, timer: setTimeout(() => flushRef.current(), SAVE_DELAY_MS) };
  }, []);

  // Names of columns the list no longer has are passed over; a choice left with none shows the defaults.
  const chosenColumns = current.columns?.some((name) => fields.some((field) => field.name === name)) ? current.columns : null;
  const visible = useCallback(
    (name: string) => {
      if (chosenColumns) return chosenColumns.includes(name);
      const field = fields.find((candidate) => candidate.name === name);
      return Boolean(field) && !(field?.list && field.list.hidden);
    },
    [chosenColumns, fields],
  );
  const columns = useMemo(() => fields.filter((field) => visible(field.name)).map((field) => field.name), [fields, visible]);

  return {
    fields,
    visible,
    columns,
    density: current.density,
    setColumns: (next) => set({ columns: next }),
    setDensity: (density) => set({ density }),
    set,
  };
}
