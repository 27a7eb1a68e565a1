import { EventEmitter } from 'node:events';
import { listenChannel } from '../live/channel.js';
import type { JobChange } from './jobs-repository.js';

// Who hears of a job's progress: the server-sent-event endpoints, and the queue's own workers
// (a job queued wakes them). On PostgreSQL, the table's trigger NOTIFYs `jobs_changed` on every
// change of status or progress, so each instance LISTENs on a connection of its own
// (lib/live/channel.ts) and hears what every instance did. PGlite lives in one process:
// the service reports its own changes.

export const JOBS_CHANNEL = 'jobs_changed';

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
  // Only on PostgreSQL: without a URL (and without a db) the channel hears nothing.
  const channel = await listenChannel({
    channel: JOBS_CHANNEL,
    ...(options.postgresUrl ? { postgresUrl: options.postgresUrl } : {}),
    applicationName: 'backoffice-jobs-listen',
    onError: options.onError,
  });
  channel.onPayload((payload) => {
    const change = parseChange(payload);
    if (change) emit(change);
  });

  return {
    onChange(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    onResync: (listener) => channel.onResync(listener),
    committed(changes) {
      if (options.postgresUrl) return;
      for (const change of changes) if (change) emit(change);
    },
    async close() {
      await channel.close();
      emitter.removeAllListeners();
    },
  };
}
