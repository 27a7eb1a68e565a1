import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionLive } from '../tickets.js';

// A text/event-stream answer (an EventSource's GET, opened with a ticket: lib/tickets.ts)
// that lives only as long as its session: checked every minute while idle, and before an event
// leaves when the last check is older than a second, so signing out ends the stream at the
// next event at the latest. Streams still open when the server closes are ended (it would wait
// for them otherwise).

const PING_MS = 15_000;
const RETRY_MS = 3000;
/** How often an idle stream checks that its session still lives. */
const SESSION_CHECK_MS = 60_000;
/** An event leaves without checking again when the session was found live this recently. */
const SESSION_FRESH_MS = 1000;

export interface EventStreamOptions<T> {
  sessionId: string;
  /** The SSE event name (`event: <name>`). */
  event: string;
  /** Starts the stream's feed; returns its unsubscribe. */
  subscribe(send: (data: T) => void): () => void;
}

export type OpenEventStream = <T>(request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions<T>) => void;

/** One per plugin: the streams its routes open, ended on close. */
export function eventStreams(fastify: FastifyInstance): OpenEventStream {
  const streams = new Set<() => void>();
  fastify.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  return (request, reply, options) => {
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    let checkedAt = Date.now();
    // One chain: events leave in the order they came, whatever a session check takes.
    let chain: Promise<unknown> = Promise.resolve();
    const live = async (): Promise<boolean> => {
      if (Date.now() - checkedAt < SESSION_FRESH_MS) return true;
      const ok = await sessionLive(fastify.db, options.sessionId).catch(() => true);
      if (ok) checkedAt = Date.now();
      else end();
      return ok;
    };
    const unsubscribe = options.subscribe((data) => {
      const frame = `event: ${options.event}\ndata: ${JSON.stringify(data)}\n\n`;
      chain = chain.then(async () => {
        if ((await live()) && !raw.writableEnded) raw.write(frame);
      });
    });
    const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
    const check = setInterval(() => {
      checkedAt = 0;
      chain = chain.then(live);
    }, SESSION_CHECK_MS);
    function end() {
      streams.delete(end);
      clearInterval(ping);
      clearInterval(check);
      unsubscribe();
      if (!raw.writableEnded) raw.end();
    }
    streams.add(end);
    request.raw.once('close', end);
    raw.once('close', end);
  };
}
