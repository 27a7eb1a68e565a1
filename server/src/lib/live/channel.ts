import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Db } from '../../db/index.js';

// LISTEN on one NOTIFY channel, for what every instance of a deployment writes (the job queue's
// progress, announcements' changes). On PostgreSQL a dedicated connection of its own (a pooled
// one would be handed to others, and its LISTEN with it), reconnected with backoff when lost;
// what was NOTIFYed meanwhile is gone, so listeners are told to read again (resync). On PGlite
// the one process is the whole deployment: PGlite's own listen() delivers what it commits.

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface ChannelListener {
  /** Each payload heard on the channel; returns the unsubscribe. */
  onPayload(listener: (payload: string) => void): () => void;
  /** After the LISTEN connection came back: payloads may have been missed, read again. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface ChannelOptions {
  /** A channel name from the code (lower case, no quoting needed). */
  channel: string;
  /** PostgreSQL: LISTEN on a connection of its own to this database. */
  postgresUrl?: string;
  /** PGlite: its own listen(), when no postgresUrl. Neither: nothing is heard. */
  db?: Pick<Db, 'listen'>;
  /** Names the connection in pg_stat_activity. */
  applicationName: string;
  onError(error: Error): void;
}

/** Resolves once LISTEN holds (or its first attempt on PostgreSQL failed: it keeps retrying). */
export async function listenChannel(options: ChannelOptions): Promise<ChannelListener> {
  const emitter = new EventEmitter();
  // Server-sent-event connections each add a listener: no leak warning at 10.
  emitter.setMaxListeners(0);
  const emit = (payload: string) => emitter.emit('payload', payload);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  async function connect(postgresUrl: string, resync: boolean): Promise<void> {
    if (closed) return;
    // pg is loaded when PostgreSQL is used, not on PGlite's start.
    const { default: pgModule } = await import('pg');
    if (closed) return;
    const next = new pgModule.Client({ connectionString: postgresUrl, application_name: options.applicationName });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      if (error) options.onError(error);
      next.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(postgresUrl, true), retryMs).unref();
      retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === options.channel) emit(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
      retryMs = RECONNECT_MIN_MS;
      if (resync) emitter.emit('resync');
    } catch (error) {
      lost(error as Error);
    }
  }

  if (options.postgresUrl) await connect(options.postgresUrl, false);
  else if (options.db?.listen) unlisten = await options.db.listen(options.channel, emit);

  return {
    onPayload(listener) {
      emitter.on('payload', listener);
      return () => emitter.off('payload', listener);
    },
    onResync(listener) {
      emitter.on('resync', listener);
      return () => emitter.off('resync', listener);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
      await unlisten?.().catch(() => undefined);
      unlisten = null;
      emitter.removeAllListeners();
    },
  };
}
