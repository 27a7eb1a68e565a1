import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

// Reads a feed or an attachment from a URL (docs/announcements.md "Feeds and ingestion"):
// `file:` from disk (fixtures, air-gapped set-ups), `http(s):` with a time limit and a size cap
// enforced while the bytes arrive.

export const READ_TIMEOUT_MS = 20_000;
export const READ_MAX_BYTES = 20 * 1024 * 1024;

export class ReadError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'ReadError';
  }
}

export interface ReadOptions {
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
}

/** Whether `url` is one a feed may name (reason `feedUrl` otherwise). */
export function isFeedUrl(url: string): boolean {
  try {
    return ['http:', 'https:', 'file:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** The bytes at `url`; ReadError when they cannot be had (or are more than `maxBytes`). */
export async function readUrl(url: string, options: ReadOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? READ_MAX_BYTES;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ReadError('not a URL');
  }
  if (parsed.protocol === 'file:') return readFile(parsed, maxBytes);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ReadError(`${parsed.protocol} is not read`);
  const timeout = AbortSignal.timeout(options.timeoutMs ?? READ_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Response;
  try {
    response = await fetch(parsed, { signal, redirect: 'follow', headers: { accept: 'application/json, application/pdf;q=0.9, */*;q=0.1' } });
  } catch (error) {
    throw new ReadError(`request failed: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) throw new ReadError(`answered ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body.cancel().catch(() => {});
    throw new ReadError('too large', true);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new ReadError('too large', true);
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof ReadError) throw error;
    throw new ReadError(`read failed: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks);
}

async function readFile(url: URL, maxBytes: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(fileURLToPath(url), 'r');
  } catch (error) {
    throw new ReadError(`cannot open: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new ReadError('not a file');
    if (stat.size > maxBytes) throw new ReadError('too large', true);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
