import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { JobChange } from './jobs-repository.js';

// Who hears of a job's progress: the server-sent-event endpoints, and the queue's own workers
// (a job queued wakes them). On PostgreSQL, the table's trigger NOTIFYs `jobs_changed` on every
// change of status or progress, so each instance LISTENs on a connection of its own and hears
// what every instance did. PGlite lives in one process: the service reports its own changes.

export const JOBS_CHANNEL = 'jobs_changed';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface JobEvents {
  /** Every change of a job's status or progress; returns the unsubscribe. */
  onChange(listener: (change: JobChange) => void): () => void;
  /** After the LISTEN connection came back: changes may have been missed, read the table again. */
  onResync(listener: () => void): () => void;
  /** A change this instance committed (heard back through NOTIFY on PostgreSQL, told directly on PGlite). */
  committed(changes: ReadonlyArray<JobChange | null | undefined>): void;
  close(): Promise<void>;
}

function parseChange(payload: string | undefined): JobChange | null {
  try {
    const value = JSON.parse(payload ?? '') as JobChange;
    return typeof value.id === 'string' && typeof value.queue === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** On PostgreSQL, resolves once LISTEN holds (or its first attempt failed: it keeps retrying). */
export async function createJobEvents(options: { postgresUrl?: string; onError(error: Error): void }): Promise<JobEvents> {
  const emitter = new EventEmitter();
  // SSE connections each add a listener: no leak warning at 10.
  emitter.setMaxListeners(0);
  const emit = (change: JobChange) => emitter.emit('change', change);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | null = null;

  async function connect(resync: boolean): Promise<void> {
    if (closed || !options.postgresUrl) return;
    const next = new pg.Client({ connectionString: options.postgresUrl, application_name: 'backoffice-jobs-listen' });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      if (error) options.onError(error);
      next.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(true), retryMs).unref();
      retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      const change = message.channel === JOBS_CHANNEL ? parseChange(message.payload) : null;
      if (change) emit(change);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${JOBS_CHANNEL}`);
      retryMs = RECONNECT_MIN_MS;
      if (resync) emitter.emit('resync');
    } catch (error) {
      lost(error as Error);
    }
  }

  await connect(false);
  return {
    onChange(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    onResync(listener) {
      emitter.on('resync', listener);
      return () => emitter.off('resync', listener);
    },
    committed(changes) {
      if (options.postgresUrl) return;
      for (const change of changes) if (change) emit(change);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
      emitter.removeAllListeners();
    },
  };
}
