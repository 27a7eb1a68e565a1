import type { FastifyInstance } from 'fastify';
import { listenChannel, type ChannelListener } from '../../lib/live/channel.js';
import type { AnnouncementsEvent, UserRef } from '../../../../common/domains/announcements/model.js';

// What the live stream carries (docs/announcements.md "Live"): migration 017's triggers NOTIFY
// `announcements_changed` once per statement on the announcements table and once per lock row
// change, from whichever instance wrote; this instance LISTENs (lib/live/channel.ts) from
// its first stream on until it closes. After a lost LISTEN connection came back, an event
// naming nothing ({op: 'update', ids: [], count: 0}) tells the pages to read their list again.

export const ANNOUNCEMENTS_CHANNEL = 'announcements_changed';
const OPS = new Set(['insert', 'update', 'lock']);

/** A trigger's payload as the stream's event; null when it is not one. */
export function announcementsEvent(payload: string): AnnouncementsEvent | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!OPS.has(value.op as string) || !Array.isArray(value.ids) || typeof value.count !== 'number') return null;
  const event: AnnouncementsEvent = { op: value.op as AnnouncementsEvent['op'], ids: value.ids.map(Number), count: value.count };
  if (event.op === 'lock') {
    const by = value.lockedBy as UserRef | null;
    event.lockedBy = by ? { id: Number(by.id), username: String(by.username) } : null;
    // json_build_object writes a timestamptz as PostgreSQL prints it: made ISO 8601 like every answer.
    event.expiresAt = typeof value.expiresAt === 'string' ? new Date(value.expiresAt).toISOString() : null;
  }
  return event;
}

export const RESYNC_EVENT: AnnouncementsEvent = { op: 'update', ids: [], count: 0 };

export interface AnnouncementEvents {
  /** Resolves once this instance LISTENs (a stream's headers wait for it: nothing committed after is missed). */
  ready(): Promise<void>;
  /** Returns the unsubscribe. */
  subscribe(listener: (event: AnnouncementsEvent) => void): () => void;
}

export function createAnnouncementEvents(fastify: FastifyInstance): AnnouncementEvents {
  const listeners = new Set<(event: AnnouncementsEvent) => void>();
  let channel: Promise<ChannelListener> | null = null;
  const deliver = (event: AnnouncementsEvent) => {
    for (const listener of listeners) listener(event);
  };

  function start(): Promise<ChannelListener> {
    channel ??= listenChannel({
      channel: ANNOUNCEMENTS_CHANNEL,
      ...(fastify.db.kind === 'postgres' && fastify.env.DATABASE_URL ? { postgresUrl: fastify.env.DATABASE_URL } : { db: fastify.db }),
      applicationName: 'backoffice-announcements-listen',
      onError: (error) => fastify.log.warn({ err: error }, 'announcements LISTEN connection lost'),
    }).then((listener) => {
      listener.onPayload((payload) => {
        const event = announcementsEvent(payload);
        if (event) deliver(event);
        else fastify.log.warn({ payload }, 'announcements: a notification that is not an event');
      });
      listener.onResync(() => deliver(RESYNC_EVENT));
      return listener;
    });
    return channel;
  }

  fastify.addHook('onClose', async () => {
    const listening = channel;
    channel = null;
    listeners.clear();
    if (listening) await (await listening).close();
  });

  return {
    async ready() {
      await start();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
