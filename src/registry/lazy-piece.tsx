import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../shell/lazy-page';

// An area's cell, panel or action, named in a registry map (cells.ts, panels.ts ...), is loaded
// only when a definition that names it is shown: the generic pages' chunk then holds no area.
// The generic pages preload a resource's pieces beside their own code (preload-pieces.ts), so
// rows render with every piece in and no per-row Suspense; the fallback is for the rare piece
// drawn before its code arrived.

/** A component whose code is fetched on first use, or ahead of it with `preload`. */
export type LazyPiece<P extends object> = ComponentType<P> & {
  /** Fetches the code; once resolved the piece renders at once, without suspending. Never rejects. */
  preload(): Promise<void>;
  /** Whether the code is in. */
  ready(): boolean;
};

export function lazyPiece<P extends object>(load: () => Promise<ComponentType<P>>, chunk: string, fallback?: (props: P) => ReactNode): LazyPiece<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const fetch = async (): Promise<ComponentType<P>> => (loaded ??= await loadChunk(load, chunk));
  // A failure is left to the render: the lazy component throws it to the page's error boundary.
  const Lazy = lazy(async () => ({ default: await fetch() }));
  const Piece = (props: P) =>
    loaded ? createElement(loaded, props) : <Suspense fallback={fallback ? fallback(props) : null}>{createElement(Lazy, props)}</Suspense>;
  Piece.displayName = chunk;
  const preload = () =>
    (pending ??= fetch().then(
      () => undefined,
      () => void (pending = undefined),
    ));
  return Object.assign(Piece, { preload, ready: () => loaded !== undefined });
}

/**
 * A registry map of loaders, one line per entry (`'kyc-mask': () => import(...).then((m) => m.KycMaskCell)`),
 * as lazy pieces named by their keys (the name a failed load reports).
 */
export function lazyPieces<P extends object>(loaders: Record<string, () => Promise<ComponentType<P>>>, fallback?: (props: P) => ReactNode): Record<string, LazyPiece<P>> {
  return Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, lazyPiece(load, name, fallback)]));
}
