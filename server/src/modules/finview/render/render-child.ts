import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BoundVideo } from '../../../../../common/domains/finview/template.js';

// The parent side of a render in a child process (server/src/workers/render-worker.ts): fork with
// a heap limit, send the bound video, relay progress, and kill the child's whole process group
// (the child and its ffmpeg) on timeout or abort. Success needs both the child's "done" and its
// exit with code 0: a child killed (kill -9, out of memory) after ffmpeg started is a failure,
// whatever files it left, and the caller's temporary directory goes with them.

export interface RenderRequest {
  video: BoundVideo;
  output: string;
  poster: string;
  preset?: string;
  crf?: number;
}

export type RenderChildMessage =
  | { type: 'ready' }
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; frames: number; bytes: number; elapsedMs: number }
  | { type: 'error'; message: string };

export interface RenderChildOptions {
  timeoutMs: number;
  /** V8's heap limit of the child (--max-old-space-size); sharp's and ffmpeg's native memory is outside it. */
  maxOldSpaceMb: number;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
  /** The child's pid (tests kill it). */
  onSpawn?(pid: number): void;
  /** Default: the worker beside the server's sources. */
  entry?: URL;
}

export type RenderChildFailure = 'timeout' | 'aborted' | 'killed' | 'crashed' | 'render';

export class RenderChildError extends Error {
  constructor(
    readonly failure: RenderChildFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RenderChildError';
  }
}

// The compiled server (scripts/build-server.mjs) runs the compiled worker.
const DEFAULT_ENTRY = new URL(`../../../workers/render-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
const STDERR_KEPT = 2000;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    // detached: the child leads its own process group, ffmpeg in it.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export function renderInChild(request: RenderRequest, options: RenderChildOptions): Promise<{ frames: number; bytes: number; elapsedMs: number }> {
  options.signal?.throwIfAborted();
  const entry = options.entry ?? DEFAULT_ENTRY;
  const execArgv = [`--max-old-space-size=${options.maxOldSpaceMb}`];
  // The server runs its TypeScript sources under tsx: so must the child.
  if (entry.pathname.endsWith('.ts')) execArgv.unshift('--import', import.meta.resolve('tsx'));
  const child = fork(fileURLToPath(entry), [], {
    execArgv,
    detached: true,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);

  return new Promise((resolve, reject) => {
    let stderr = '';
    let done: Extract<RenderChildMessage, { type: 'done' }> | null = null;
    let renderError: string | null = null;
    let stopped: RenderChildError | null = null;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT);
    });
    const stop = (failure: RenderChildFailure, message: string) => {
      stopped ??= new RenderChildError(failure, message);
      killGroup(child);
    };
    const timer = setTimeout(() => stop('timeout', `the render ran past its time limit of ${options.timeoutMs / 1000} s`), options.timeoutMs);
    const onAbort = () => stop('aborted', 'the render was aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('message', (message: RenderChildMessage) => {
      if (message.type === 'ready') child.send(request);
      else if (message.type === 'progress') options.onProgress?.(message.done, message.total);
      else if (message.type === 'done') done = message;
      else if (message.type === 'error') renderError = message.message;
    });
    child.on('error', (error) => stop('crashed', `the render process failed: ${error.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // Whatever the child left running in its group (an ffmpeg after a kill -9 of the child) goes too.
      killGroup(child);
      if (stopped) return reject(options.signal?.aborted && stopped.failure === 'aborted' ? options.signal.reason : stopped);
      if (done && code === 0) return resolve(done);
      if (renderError) return reject(new RenderChildError('render', renderError));
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
      const failure = signal ? 'killed' : 'crashed';
      const detail = stderr.trim();
      reject(new RenderChildError(failure, `the render process ${how}${detail ? `: ${detail.slice(-500)}` : ''}`));
    });
  });
}
