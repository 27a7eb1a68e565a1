import net from 'node:net';
import { ScannerUnavailableError, type ScanResult, type VirusScanner } from './virus-scanner.js';

// ClamAV through its daemon, clamd, over its own socket protocol (clamd(8), "INSTREAM"):
// `zINSTREAM\0`, then the bytes as chunks each prefixed with its length (4 bytes, network
// order), then a zero-length chunk; clamd answers one NUL-terminated line,
// `stream: OK` or `stream: <Signature> FOUND` (or `... ERROR`).
//
// Written here rather than taken from npm: the protocol is these few lines, and the one
// maintained wrapper, `clamscan`, mostly drives the clamscan/clamdscan binaries with local
// fallbacks we do not want, and its stream scanning has open reports of hanging or answering
// null on a clamd time-out (kylefarris/clamscan#69, #101), the very case that must be a clear
// ScannerUnavailableError here.

export type ClamdTarget = { socketPath: string } | { host: string; port: number };

export interface ClamdScanner extends VirusScanner {
  readonly configured: true;
  /** Resolves when clamd answers PING with PONG; ScannerUnavailableError otherwise. */
  ping(): Promise<void>;
}

/** Bytes per INSTREAM chunk: clamd reads each into its own buffer. */
const CHUNK_BYTES = 64 * 1024;
export const DEFAULT_CLAMD_TIMEOUT_MS = 30_000;

const where = (target: ClamdTarget) => ('socketPath' in target ? `unix:${target.socketPath}` : `${target.host}:${target.port}`);

/** clamd's own words when a stream passes its StreamMaxLength. */
const SIZE_LIMIT = /size limit exceeded/i;

function sizeLimitError(target: ClamdTarget, bytes: number): ScannerUnavailableError {
  return new ScannerUnavailableError(
    `clamd at ${where(target)} refused a stream of ${bytes} bytes: its StreamMaxLength must be at least the upload limit (10 MB; set StreamMaxLength 12M in clamd.conf)`,
  );
}

/**
 * Sends `request`, answers clamd's reply up to its NUL. One deadline covers connecting,
 * sending and scanning: a clamd that hangs or a host that drops packets fails the same way.
 */
function exchange(target: ClamdTarget, timeoutMs: number, request: Buffer[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = 'socketPath' in target ? net.createConnection({ path: target.socketPath }) : net.createConnection({ host: target.host, port: target.port });
    const received: Buffer[] = [];
    let settled = false;
    const finish = (problem?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const reply = Buffer.concat(received).toString('utf8');
      const end = reply.indexOf('\0');
      // A reply wins over a write error: clamd answers a too-long stream and closes at once.
      if (end >= 0) resolve(reply.slice(0, end));
      else reject(new ScannerUnavailableError(`clamd at ${where(target)}: ${problem?.message ?? 'closed without an answer'}`, { cause: problem }));
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('connect', () => {
      socket.cork();
      for (const piece of request) socket.write(piece);
      socket.uncork();
    });
    socket.on('data', (data: Buffer) => {
      received.push(data);
      if (data.includes(0)) finish();
    });
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish());
  });
}

function instreamRequest(data: Buffer): Buffer[] {
  const request: Buffer[] = [Buffer.from('zINSTREAM\0')];
  for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
    const chunk = data.subarray(offset, offset + CHUNK_BYTES);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(chunk.length);
    request.push(length, chunk);
  }
  request.push(Buffer.alloc(4));
  return request;
}

function parseReply(target: ClamdTarget, reply: string, bytes: number): ScanResult {
  const line = reply.trim();
  if (line === 'stream: OK') return { status: 'clean' };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found) return { status: 'infected', signature: found[1] as string };
  if (SIZE_LIMIT.test(line)) throw sizeLimitError(target, bytes);
  throw new ScannerUnavailableError(`clamd at ${where(target)} did not scan the file: ${line || '(empty answer)'}`);
}

export function createClamdScanner(target: ClamdTarget, { timeoutMs = DEFAULT_CLAMD_TIMEOUT_MS } = {}): ClamdScanner {
  return {
    configured: true,
    async ping() {
      const reply = await exchange(target, timeoutMs, [Buffer.from('zPING\0')]);
      if (reply.trim() !== 'PONG') throw new ScannerUnavailableError(`clamd at ${where(target)} answered PING with ${JSON.stringify(reply)}`);
    },
    async scan(data) {
      let reply: string;
      try {
        reply = await exchange(target, timeoutMs, instreamRequest(data));
      } catch (error) {
        // clamd may close on a too-long stream before its answer is read (the write fails
        // first): with the connection cut mid-stream, say what most likely happened.
        const code = (error as { cause?: NodeJS.ErrnoException }).cause?.code;
        if ((code === 'EPIPE' || code === 'ECONNRESET') && data.length > 0) {
          throw new ScannerUnavailableError(
            `clamd at ${where(target)} cut the connection while receiving ${data.length} bytes; if this is above its StreamMaxLength, set StreamMaxLength 12M in clamd.conf`,
            { cause: error },
          );
        }
        throw error;
      }
      return parseReply(target, reply, data.length);
    },
  };
}
