import { Worker, type ResourceLimits } from 'node:worker_threads';

// A few worker threads running one job each at a time, queued in order. Written here rather
// than taken from piscina: piscina has no task timeout (only an AbortSignal, whose clock the
// caller would start at the enqueue), and its workers load their file without tsx, which the
// server runs under. Each job's clock starts when a loaded worker takes it; a worker that runs
// out of memory, times out or crashes is ended and the next job gets a fresh one; a worker
// idle for `idleMs` is ended, so the memory a big job took goes back to the system.

export interface WorkerPoolOptions {
  /** The worker's entry module (a .ts one is loaded through tsx). */
  entry: URL;
  /** Workers at most, started as jobs need them. */
  size: number;
  resourceLimits: ResourceLimits;
  /** From the moment a worker takes the job. */
  timeoutMs: number;
  /** How long a worker may take to load; default the larger of `timeoutMs` and 30 s. */
  loadTimeoutMs?: number;
  idleMs: number;
}

export type WorkerFailure = 'timeout' | 'memory' | 'crash' | 'closed' | 'aborted';

/** A job the pool gave up on; `failure` says why; the worker (if any) has stopped. */
export class WorkerJobError extends Error {
  constructor(readonly failure: WorkerFailure, message: string) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

interface Task<Job> {
  job: Job;
  transfer: ArrayBuffer[];
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Slot<Job> {
  worker: Worker;
  ready: boolean;
  task: Task<Job> | null;
  timer: NodeJS.Timeout | null;
}

export interface WorkerPool<Job, Result> {
  /** `signal`: aborted, a waiting job leaves the queue and a running one's worker is ended. */
  run(job: Job, transfer?: ArrayBuffer[], signal?: AbortSignal): Promise<Result>;
  /** Workers alive and busy, and jobs waiting. */
  stats(): { workers: number; busy: number; queued: number };
  close(): Promise<void>;
}

const LOAD_TIMEOUT_MS = 30_000;

/** A worker says `{ready: true}` once loaded, then answers each job with `{result}` or `{error}`. */
type Answer = { ready: true } | { result: unknown; error?: undefined } | { error: string };

function startWorker(entry: URL, resourceLimits: ResourceLimits): Worker {
  // Sources run through tsx (no build step for the server): the worker needs the same loader.
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits });
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

export function createWorkerPool<Job, Result>(options: WorkerPoolOptions): WorkerPool<Job, Result> {
  const slots: Slot<Job>[] = [];
  const queue: Task<Job>[] = [];
  let closed = false;

  function end(slot: Slot<Job>, failure?: { kind: WorkerFailure; message: string }): void {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    const stopped = slot.worker.terminate();
    if (task && failure) {
      // Settled once the thread has really stopped (native work, a libvips decode, runs on until
      // it returns): a caller holding a lock until then does not reopen it while the work goes on.
      const error = new WorkerJobError(failure.kind, failure.message);
      void stopped.then(
        () => task.reject(error),
        () => task.reject(error),
      );
    }
    // A worker that cannot even load fails the next job rather than being started again forever.
    else if (!slot.ready && failure) queue.shift()?.reject(new WorkerJobError(failure.kind, failure.message));
    dispatch();
  }

  function idle(slot: Slot<Job>): void {
    slot.task = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => end(slot), options.idleMs);
    slot.timer.unref();
    dispatch();
  }

  function spawn(): Slot<Job> {
    const slot: Slot<Job> = { worker: startWorker(options.entry, options.resourceLimits), ready: false, task: null, timer: null };
    // An idle worker must not keep the process alive.
    slot.worker.unref();
    // Loading has its own limit: on a busy machine it can take longer than a short job may, and
    // a job whose limit is a second must not fail because its fresh worker was slow to load.
    const loadMs = options.loadTimeoutMs ?? Math.max(options.timeoutMs, LOAD_TIMEOUT_MS);
    slot.timer = setTimeout(() => end(slot, { kind: 'timeout', message: `worker took more than ${loadMs} ms to load` }), loadMs);
    slot.worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        slot.ready = true;
        return idle(slot);
      }
      const task = slot.task;
      if (!task) return;
      if (answer.error === undefined) task.resolve(answer.result);
      else task.reject(new Error(`worker job failed: ${answer.error}`));
      idle(slot);
    });
    slot.worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      end(slot, { kind: memory ? 'memory' : 'crash', message: `worker ${memory ? 'ran out of memory' : 'failed'}: ${error.message}` });
    });
    slot.worker.on('exit', (code) => {
      if (slots.includes(slot)) end(slot, { kind: 'crash', message: `worker exited with code ${code}` });
    });
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((candidate) => candidate.ready && candidate.task === null);
      if (!slot) {
        // More workers while some waiting job has none loading for it.
        while (slots.length < options.size && slots.filter((candidate) => !candidate.ready).length < queue.length) spawn();
        return;
      }
      const task = queue.shift() as Task<Job>;
      slot.task = task;
      if (slot.timer) clearTimeout(slot.timer);
      // The clock starts now, when a worker takes the job, not when it was queued.
      slot.timer = setTimeout(() => end(slot, { kind: 'timeout', message: `worker job took more than ${options.timeoutMs} ms` }), options.timeoutMs);
      slot.worker.postMessage(task.job, task.transfer);
    }
  }

  return {
    run(job, transfer = [], signal) {
      if (closed) return Promise.reject(new WorkerJobError('closed', 'worker pool is closed'));
      if (signal?.aborted) return Promise.reject(new WorkerJobError('aborted', 'the job was aborted'));
      return new Promise<Result>((resolve, reject) => {
        const onAbort = () => {
          const waiting = queue.indexOf(task);
          if (waiting >= 0) {
            queue.splice(waiting, 1);
            task.reject(new WorkerJobError('aborted', 'the job was aborted'));
            return;
          }
          const slot = slots.find((candidate) => candidate.task === task);
          if (slot) end(slot, { kind: 'aborted', message: 'the job was aborted' });
        };
        const settle = () => signal?.removeEventListener('abort', onAbort);
        const task: Task<Job> = {
          job,
          transfer,
          resolve: (result) => {
            settle();
            resolve(result as Result);
          },
          reject: (error) => {
            settle();
            reject(error);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(task);
        dispatch();
      });
    },
    stats: () => ({ workers: slots.length, busy: slots.filter((slot) => slot.task !== null).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new WorkerJobError('closed', 'worker pool is closed'));
      await Promise.all(
        slots.splice(0).map((slot) => {
          if (slot.timer) clearTimeout(slot.timer);
          slot.task?.reject(new WorkerJobError('closed', 'worker pool is closed'));
          return slot.worker.terminate();
        }),
      );
    },
  };
}
