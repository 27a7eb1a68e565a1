import { createElement, lazy, type ComponentType } from 'react';
import { failedAssets } from './asset-failures';

/** How long a page's code may take to arrive before the reader is told it will not. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A page's code (a script chunk or its stylesheet) did not load: not a bug in the page, a failed request. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  /** The requests that failed, best guess first; empty when nothing names them (a timeout). */
  readonly urls: string[];
  readonly timedOut: boolean;
  readonly chunk: string;

  constructor(chunk: string, { urls, timedOut, cause }: { urls: string[]; timedOut: boolean; cause?: unknown }) {
    super(timedOut ? `Loading ${chunk} timed out` : `Loading ${chunk} failed`, { cause });
    this.chunk = chunk;
    this.urls = urls;
    this.timedOut = timedOut;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

// Chromium: "Failed to fetch dynamically imported module: URL"; Firefox: "error
// loading dynamically imported module: URL"; Vite: "Unable to preload CSS for URL".
const URL_IN_MESSAGE = /(https?:\/\/[^\s'"]+|\/[^\s'"]+\.(?:js|css))/;

/** Runs a dynamic import with a deadline; any failure becomes a ChunkLoadError naming the requests. */
export async function loadChunk<T>(load: () => Promise<T>, chunk: string, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunk, { urls: failedAssets(), timedOut: true })), timeoutMs);
  });
  try {
    return await Promise.race([load(), deadline]);
  } catch (error) {
    if (isChunkLoadError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const named = URL_IN_MESSAGE.exec(message)?.[1];
    const urls = [...new Set([...failedAssets(), ...(named ? [named] : [])])];
    throw new ChunkLoadError(chunk, { urls, timedOut: false, cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Fetches the page's code now; once it is in, the page renders without suspending. Never rejects. */
  preload(): Promise<void>;
};

/**
 * React.lazy with the deadline and the failure report of loadChunk, plus a
 * preload: a page whose code arrived before its first render (the first
 * screen, fetched beside the runtime config) renders at once, with no
 * Suspense fallback committed first and then replaced.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, chunk: string): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(async () => {
    const module = await loadChunk(load, chunk);
    loaded = module.default;
    return module;
  });
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  Page.displayName = chunk;
  // A failure is left to the render: the lazy component retries and reports it.
  const preload = () =>
    loadChunk(load, chunk).then(
      (module) => void (loaded ??= module.default),
      () => {},
    );
  return Object.assign(Page, { preload });
}
