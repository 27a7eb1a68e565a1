import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import dns from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressAllowed, EgressRefused, egressRefusal, filePath, within, type EgressPolicy, type EgressRefusal } from './policy.js';

// The one way the server reads from outside (policy.ts says where it may). http(s): the name
// is resolved here and the connection made to the address that was checked (a lookup hook,
// so a second answer of the DNS cannot swap in an internal one); redirects are followed by
// hand, each checked again, at most MAX_REDIRECTS. file: the path's links resolved, it must
// still lie under the folder, opened without following a last link, a regular file only.
// Time and size are bounded for both.

export const MAX_REDIRECTS = 5;

/**
 * `refused`: the policy said no (before any connection); `file`: a file: URL that cannot be
 * read for whatever reason (missing, outside the folder, not a file: one answer, so a caller
 * learns nothing of what exists); `network`: no answer, or not a 2xx; `tooLarge`.
 * `detail` is for the server's log: host names and paths, never a URL's query or credentials.
 */
export type EgressFailure = 'refused' | 'file' | 'network' | 'tooLarge';

export class EgressError extends Error {
  constructor(
    readonly failure: EgressFailure,
    readonly detail: string,
    readonly refusal: EgressRefusal | null = null,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'EgressError';
  }
}

export interface EgressReadOptions {
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The Accept header of an http(s) request. */
  accept?: string;
}

/** The bytes at `url`, if the policy allows it; EgressError otherwise. */
export async function egressRead(url: string, policy: EgressPolicy, options: EgressReadOptions): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EgressError('refused', 'not a URL', 'feedUrl');
  }
  if (parsed.protocol === 'file:') return readFileUrl(parsed, policy, options.maxBytes);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let current = parsed;
  for (let redirects = 0; ; redirects += 1) {
    const refusal = egressRefusal(current, policy);
    if (refusal !== null) throw new EgressError('refused', `${refusal} ${current.protocol}//${current.host}`, refusal);
    const response = await get(current, policy, signal, options.accept ?? '*/*');
    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status)) {
      response.destroy();
      const location = response.headers.location;
      if (redirects >= MAX_REDIRECTS) throw new EgressError('network', `more than ${MAX_REDIRECTS} redirects from ${parsed.host}`);
      try {
        if (!location) throw new Error('no location');
        current = new URL(location, current);
      } catch {
        throw new EgressError('network', `${current.host} redirected to no URL`);
      }
      // A redirect to a file: URL is never followed, whatever the folder.
      if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new EgressError('refused', `${parsed.host} redirected to ${current.protocol}`, 'feedUrl');
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new EgressError('network', `${current.host} answered ${status}`);
    }
    return readCapped(response, current, options.maxBytes, signal, options.signal);
  }
}

/** One GET, its connection made only to an address the policy allows. */
function get(url: URL, policy: EgressPolicy, signal: AbortSignal, accept: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      // A connection of its own: a pooled one may have been made under another policy.
      agent: false,
      signal,
      lookup: checkedLookup(policy),
      headers: { accept, 'accept-encoding': 'identity' },
    });
    request.once('response', resolve);
    request.once('error', (error) => {
      if (error instanceof EgressRefused) return reject(new EgressError('refused', `${error.reason} ${url.host}`, error.reason));
      const timedOut = signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError';
      // The caller stopped (the server is stopping): its reason, not a failure of the feed.
      if (signal.aborted && !timedOut) return reject(signal.reason);
      reject(new EgressError('network', `${url.host}: ${timedOut ? 'timed out' : ((error as NodeJS.ErrnoException).code ?? error.message)}`));
    });
    request.end();
  });
}

/** dns.lookup, refusing a name any of whose addresses the policy forbids. */
function checkedLookup(policy: EgressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const forbidden = addresses.length === 0 || addresses.some((entry) => !addressAllowed(entry.address, policy));
      if (forbidden) return callback(new EgressRefused('egressAddress') as NodeJS.ErrnoException, '', 4);
      if (options.all) return callback(null, addresses);
      const [first] = addresses as [dns.LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}

async function readCapped(response: IncomingMessage, url: URL, maxBytes: number, signal: AbortSignal, outer?: AbortSignal): Promise<Buffer> {
  if (Number(response.headers['content-length'] ?? NaN) > maxBytes) {
    response.destroy();
    throw new EgressError('tooLarge', `${url.host} declared more than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        response.destroy();
        throw new EgressError('tooLarge', `${url.host} sent more than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof EgressError) throw error;
    outer?.throwIfAborted();
    throw new EgressError('network', `${url.host}: ${signal.aborted ? 'timed out' : (error as Error).message}`);
  }
  return Buffer.concat(chunks);
}

async function readFileUrl(url: URL, policy: EgressPolicy, maxBytes: number): Promise<Buffer> {
  const target = filePath(url);
  const shown = target ?? url.pathname;
  // Decided before the disk is touched; then links resolved, and the real path judged again.
  if (target === null || egressRefusal(url, policy) !== null) throw new EgressError('file', `${shown} is outside ${policy.fileDir ?? 'any readable folder'}`);
  let real: string;
  try {
    real = await realpath(target);
  } catch (error) {
    throw new EgressError('file', `${shown}: ${(error as NodeJS.ErrnoException).code ?? 'cannot resolve'}`);
  }
  if (policy.fileRealDir === null || !within(real, policy.fileRealDir)) throw new EgressError('file', `${shown} leads outside ${policy.fileDir}`);
  let handle;
  try {
    // O_NOFOLLOW: a link swapped in since realpath is not followed; O_NONBLOCK: a FIFO does not hang the open.
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw new EgressError('file', `${shown}: ${(error as NodeJS.ErrnoException).code ?? 'cannot open'}`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new EgressError('file', `${shown} is not a regular file`);
    if (stat.size > maxBytes) throw new EgressError('tooLarge', `${shown} is more than ${maxBytes} bytes`);
    const buffer = Buffer.alloc(stat.size);
    const { bytesRead } = await handle.read(buffer, 0, stat.size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
