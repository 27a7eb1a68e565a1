import type { FastifyReply, FastifyRequest } from 'fastify';

// An upload refused early (too large, wrong type, not allowed) leaves the rest of its body on
// the connection. The multipart parser had been piped in, so Node neither discards it nor
// closes the connection: the answer says keep-alive, and the next request on that connection
// waits behind bytes nobody reads until the socket times out (72 s, then a reset). So the rest
// is read and thrown away, up to what the route would have accepted anyway; a body that may be
// larger (declared so, or of unknown length) is answered with `connection: close` instead.

/**
 * Read and thrown away of any refused multipart body, whatever its route accepts (a route that
 * accepts more drains up to that): discarding costs no memory, and a client still sending gets
 * its answer rather than a reset.
 */
export const MIN_DRAIN_BYTES = 64 * 1024 * 1024;
/** A client that sends the rest slower than this loses the connection. */
const DRAIN_MS = 10_000;

/** Reads what is left of the request's body into nothing, within `bound` bytes and DRAIN_MS, or closes the connection. */
export function settleUnreadBody(request: FastifyRequest, reply: FastifyReply, bound: number): void {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  const declared = Number(raw.headers['content-length']);
  const drainable = Number.isSafeInteger(declared) && declared <= bound;
  if (!drainable) reply.header('connection', 'close');
  // The parser stops here; whatever it still holds is dropped with it.
  raw.unpipe();
  const socket = raw.socket;
  // (A socket of app.inject has no destroy: its body is in memory.)
  const timer = setTimeout(() => socket?.destroy?.(), DRAIN_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  let read = 0;
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    // Only a body without a trustworthy length gets here: the answer already says close.
    if (read > bound) raw.pause();
  });
  raw.once('end', done).once('close', done).once('error', done);
  raw.resume();
}
