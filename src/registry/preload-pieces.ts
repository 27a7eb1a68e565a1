import { useEffect, useState } from 'react';
import type { ResourceDefinition } from '../../common/resources/types';
import { cellNameFor } from '../pages/generic/cells/registry';
import { AREA_CELLS } from './cells';
import { HEADER_ACTIONS } from './header-actions';
import type { LazyPiece } from './lazy-piece';
import { AREA_PANELS } from './panels';
import { ROW_ACTIONS } from './row-actions';

// A resource's area pieces (its named cells, header and row actions, panels) load together,
// once, as its page starts (resource-page.tsx), beside the page's own code and its first read:
// no piece waits for the one before, and no row waits for its cell.

const LOADING = new WeakMap<ResourceDefinition, Promise<void>>();

/** The area pieces a resource's definition names; a name no registry holds is left out. */
export function piecesOf(definition: ResourceDefinition): LazyPiece<never>[] {
  const names = <P extends object>(registry: Record<string, LazyPiece<P>>, keys: readonly (string | undefined)[]) =>
    keys.flatMap((key) => (key !== undefined && Object.hasOwn(registry, key) ? [registry[key] as LazyPiece<never>] : []));
  return [
    ...names(AREA_CELLS, (definition.fields ?? []).map((field) => cellNameFor(field, definition))),
    ...names(HEADER_ACTIONS, definition.headerActions ?? []),
    ...names(ROW_ACTIONS, definition.rowActions ?? []),
    ...names(AREA_PANELS, [...(definition.panels ?? []), definition.list?.expand]),
  ];
}

/** Starts loading a resource's pieces (at most once); resolves when they are in or failed (the render then reports it). */
export function preloadPieces(definition: ResourceDefinition): Promise<void> {
  let loading = LOADING.get(definition);
  if (!loading) {
    loading = Promise.all(piecesOf(definition).map((piece) => piece.preload())).then(() => undefined);
    LOADING.set(definition, loading);
  }
  return loading;
}

const allIn = (definition: ResourceDefinition) => piecesOf(definition).every((piece) => piece.ready());

/** Whether a resource's pieces are in (or failed, which their render reports); loads them if nobody has yet. */
export function usePiecesReady(definition: ResourceDefinition): boolean {
  const [settled, setSettled] = useState<ResourceDefinition>();
  const ready = settled === definition || allIn(definition);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void preloadPieces(definition).then(() => {
      if (live) setSettled(definition);
    });
    return () => {
      live = false;
    };
  }, [definition, ready]);
  return ready;
}
