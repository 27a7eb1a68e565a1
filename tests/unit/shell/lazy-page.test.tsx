import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyPage, loadChunk, type LazyPage } from '../../../src/shell/lazy-page';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('passes a module through', async () => {
    await expect(loadChunk(async () => ({ default: 'page' }), 'page')).resolves.toEqual({ default: 'page' });
  });

  it('names the script a failed dynamic import asked for', async () => {
    const failure = loadChunk(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://host/backoffice/assets/page-1a2b.js')),
      'page',
    );
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toMatchObject({ timedOut: false, urls: ['http://host/backoffice/assets/page-1a2b.js'], chunk: 'page' });
  });

  it('names the stylesheet Vite could not preload', async () => {
    const failure = loadChunk(() => Promise.reject(new Error('Unable to preload CSS for http://host/assets/shell-9f.css')), 'shell');
    await expect(failure).rejects.toMatchObject({ urls: ['http://host/assets/shell-9f.css'] });
  });

  it(`gives up after ${CHUNK_TIMEOUT_MS} ms and says it timed out`, async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const never = loadChunk(() => new Promise<never>(() => {}), 'slow-page');
    const outcome = never.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ timedOut: true, chunk: 'slow-page' });
  });
});

describe('lazyPage', () => {
  const Greeting = ({ name }: { name: string }) => <p>hello {name}</p>;
  const render = (Page: LazyPage<{ name: string }>) =>
    renderToString(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Ana" />
      </Suspense>,
    );

  it('suspends while its code is not there', () => {
    const Page = lazyPage(async () => ({ default: Greeting }), 'greeting');
    expect(render(Page)).toContain('loading');
  });

  it('renders at once, without a fallback, once preloaded', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Page = lazyPage(load, 'greeting');
    await Page.preload();
    expect(render(Page)).toContain('hello <!-- -->Ana');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload swallows a failure and leaves it to the render, which tries again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: http://host/assets/greeting-1.js'))
      .mockResolvedValue({ default: Greeting });
    const Page = lazyPage(load, 'greeting');
    await expect(Page.preload()).resolves.toBeUndefined();
    expect(render(Page)).toContain('loading');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
