import { egressRead, EgressError, type EgressFailure } from '../../lib/egress/fetch.js';
import { egressRefusal, type EgressPolicy, type EgressRefusal } from '../../lib/egress/policy.js';
import type { ServerMessageCode } from '../../../../common/messages.js';

// Reads a feed or an attachment from a URL (docs/announcements.md "Feeds and ingestion") through
// the server's egress policy (lib/egress): `file:` under the configured folder, `http(s):`
// to the allowed hosts, with a time limit and a size cap enforced while the bytes arrive.

export const READ_TIMEOUT_MS = 20_000;
export const READ_MAX_BYTES = 20 * 1024 * 1024;

export { EgressError };

export interface ReadOptions {
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
}

/** Why a feed may not name `url` (a field reason), or null. */
export function feedUrlRefusal(url: string, policy: EgressPolicy): EgressRefusal | null {
  return egressRefusal(url, policy);
}

/** The bytes at `url`; EgressError when they cannot be had (refused, unreadable, more than `maxBytes`). */
export function readUrl(url: string, policy: EgressPolicy, options: ReadOptions = {}): Promise<Buffer> {
  return egressRead(url, policy, {
    maxBytes: options.maxBytes ?? READ_MAX_BYTES,
    timeoutMs: options.timeoutMs ?? READ_TIMEOUT_MS,
    accept: 'application/json, application/pdf;q=0.9, */*;q=0.1',
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** A failed feed read as the run's error code (a server message). */
export const FEED_FAILURE: Record<EgressFailure, ServerMessageCode> = {
  refused: 'feedRefused',
  file: 'feedFileUnreadable',
  network: 'feedUnreachable',
  tooLarge: 'feedTooLarge',
};
