import type { FastifyRequest } from 'fastify';
import type { SealedSession } from '../../sealing/check.js';

export const tags = ['admin'];

/** The caller; the access plugin checks the seal and the role before any admin handler runs. */
export function callerOf(request: FastifyRequest): SealedSession {
  if (!request.session) throw new Error('admin route reached without a session');
  return request.session;
}
