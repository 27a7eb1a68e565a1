import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.js';
import { XLSX_CONTENT_TYPE } from './excel-service.js';

// What the Excel routes of every module share: the x-api-key check and the file answer.

/** An onRequest hook: the x-api-key header against the runtime configuration's key, in constant time. */
export function apiKeyCheck(fastify: FastifyInstance) {
  return async function checkApiKey(request: FastifyRequest): Promise<void> {
    const given = request.headers['x-api-key'];
    const expected = (await fastify.appConfig.current()).excelApiKey;
    const digest = (value: string) => createHash('sha256').update(value).digest();
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(expected))) {
      throw new HttpError(403, 'apiKey');
    }
  };
}

export function sendXlsx(reply: FastifyReply, filename: string, data: Buffer) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(data);
}
