import type SharpModule from 'sharp';

// sharp (libvips) for the server process, loaded on first use rather than with the
// server: KYC images, finview logos and previews are the only users, and most starts
// never see one before their first /health. The render child (workers/render-worker.ts)
// imports sharp itself, with libvips' defaults.

type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * libvips keeps decoded images in a cache and runs a thread pool per image by default: one
 * image at a time, on one thread, with no cache, bounds the memory an upload can take.
 * Set once, for every user in the process, as it was when KYC's module set it at start.
 */
export function serverSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
