import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import type { Env } from '../../env.js';

// Where the server may fetch from (README "Outbound requests"): every outbound read of the
// server (feeds, their attachments, any later webhook or provider) asks this one policy, so
// an area cannot forget it. http(s) only to the hosts EGRESS_ALLOWED_HOSTS names, and to no
// internal address whatever the name resolves to; file: only under EGRESS_FILE_DIR.

/** The demo feeds' folder (server/demo/announcements): what file: URLs may read by default. */
export const DEMO_FILES_DIR = path.resolve(import.meta.dirname, '../../../demo/announcements');

/** Why a URL is refused; each is a field reason (common/messages.ts). */
export type EgressRefusal = 'feedUrl' | 'egressHost' | 'egressAddress' | 'egressFile';

export interface EgressPolicy {
  /** Lower-case host names; `*.example.com` for its subdomains, `*` for any host. */
  readonly hosts: readonly string[];
  /** Loopback, RFC 1918, CGNAT and unique-local addresses too (tests, air-gapped set-ups). */
  readonly allowPrivate: boolean;
  /** The one folder file: URLs may read, absolute; null: none. */
  readonly fileDir: string | null;
  /** fileDir with its links resolved (null when it does not exist): reads are confined to it. */
  readonly fileRealDir: string | null;
}

export class EgressRefused extends Error {
  constructor(readonly reason: EgressRefusal) {
    super(`refused by the egress policy: ${reason}`);
    this.name = 'EgressRefused';
  }
}

type EgressEnv = Pick<Env, 'EGRESS_ALLOWED_HOSTS' | 'EGRESS_ALLOW_PRIVATE' | 'EGRESS_FILE_DIR'>;

const policies = new WeakMap<EgressEnv, EgressPolicy>();

/** The policy an app's environment sets (one per environment object). */
export function egressPolicy(env: EgressEnv): EgressPolicy {
  let policy = policies.get(env);
  if (!policy) {
    const hosts = env.EGRESS_ALLOWED_HOSTS.split(',').map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter((host) => host !== '' && host !== 'none');
    const fileDir = path.resolve(env.EGRESS_FILE_DIR ?? DEMO_FILES_DIR);
    policy = { hosts, allowPrivate: env.EGRESS_ALLOW_PRIVATE, fileDir, fileRealDir: realDir(fileDir) };
    policies.set(env, policy);
  }
  return policy;
}

function realDir(dir: string): string | null {
  try {
    return realpathSync(dir);
  } catch {
    return null;
  }
}

// What EGRESS_ALLOW_PRIVATE opens; link-local (cloud metadata), multicast, unspecified,
// broadcast and reserved ranges stay closed whatever the configuration.
const PRIVATE_RANGES = new Set(['loopback', 'private', 'carrierGradeNat', 'uniqueLocal']);

/** Whether the server may connect to `address` (an IPv4 or IPv6 literal). */
export function addressAllowed(address: string, policy: Pick<EgressPolicy, 'allowPrivate'>): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process(): an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 one.
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  const range = ip.range();
  return range === 'unicast' || (policy.allowPrivate && PRIVATE_RANGES.has(range));
}

export function hostAllowed(hostname: string, policy: Pick<EgressPolicy, 'hosts'>): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return policy.hosts.some((allowed) => allowed === '*' || allowed === host || (allowed.startsWith('*.') && host.endsWith(allowed.slice(1))));
}

/** Whether `target` (absolute, normalised) is `dir` or lies under it. */
export function within(target: string, dir: string): boolean {
  const relative = path.relative(dir, target);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
}

/** The path a file: URL names, or null when it names none on this machine. */
export function filePath(url: URL): string | null {
  if (url.host !== '' && url.host !== 'localhost') return null;
  try {
    return path.resolve(fileURLToPath(url));
  } catch {
    // An encoded slash, or a stray % that does not decode.
    return null;
  }
}

/**
 * Why the policy refuses `url`, or null. Decided from the URL and the configuration alone:
 * no lookup, no disk (so the answer says nothing of what exists). A host name's addresses
 * are checked again when it is resolved (fetch.ts).
 */
export function egressRefusal(url: string | URL, policy: EgressPolicy): EgressRefusal | null {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return 'feedUrl';
  }
  if (parsed.protocol === 'file:') {
    const target = filePath(parsed);
    if (target === null || policy.fileDir === null) return 'egressFile';
    const dirs = [policy.fileDir, policy.fileRealDir].filter((dir): dir is string => dir !== null);
    return dirs.some((dir) => within(target, dir)) ? null : 'egressFile';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'feedUrl';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, policy)) return 'egressHost';
  if (ipaddr.isValid(host) && !addressAllowed(host, policy)) return 'egressAddress';
  return null;
}
