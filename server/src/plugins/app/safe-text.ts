import fp from 'fastify-plugin';
import { HttpError } from '../../errors.js';

// PostgreSQL text cannot hold NUL, and half of a UTF-16 surrogate pair is no character at
// all: either reaching the database is a 500 from deep inside a query. Every request's
// params, query and body are checked here, once, before the schemas see them.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The dotted path of the first string (value or key) that cannot be stored, or null. */
export function unsafeTextPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return UNSAFE.test(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (UNSAFE.test(key)) return itemPath;
    const found = unsafeTextPath(item, itemPath);
    if (found) return found;
  }
  return null;
}

/** Throws the 422 a form shows on the field; `fields` is what a multipart form sent. */
export function assertSafeText(fields: Record<string, unknown>): void {
  const path = unsafeTextPath(fields, '');
  if (path !== null) throw new HttpError(422, 'validation', { [path]: 'badCharacters' });
}

export default fp(
  async (fastify) => {
    fastify.addHook('preValidation', async (request) => {
      assertSafeText({ ...(request.params as object), ...(request.query as object) });
      if (typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body)) {
        assertSafeText(request.body as Record<string, unknown>);
      } else if (typeof request.body === 'string') {
        assertSafeText({ body: request.body });
      }
    });
  },
  { name: 'safe-text', dependencies: ['error-handler'] },
);
