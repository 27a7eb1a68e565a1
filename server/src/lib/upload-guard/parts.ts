import type { MultipartFile as Part } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.js';
import { assertSafeText } from '../../plugins/app/safe-text.js';
import { tooLarge } from '../blobs/sniff.js';

// The multipart parser under the upload guard (index.ts): routes never call it themselves.

export const MAX_FIELD_BYTES = 1024 * 1024;

export interface PartLimits {
  /** Bytes of one file; busboy cuts a file off past it. */
  fileSize: number;
  files: number;
  fields: number;
}

/** The parser's refusal of the body itself: no boundary, cut off, a part ended early, a field named __proto__. */
function malformed(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return true;
  return /^Multipart:|unexpected end of (multipart data|form)|terminated early/i.test(String((error as Error).message ?? ''));
}

/**
 * Reads a form part by part: text fields are collected (and checked as the JSON bodies are,
 * safe-text), each file is handed to `onFile` in the order sent, which must consume or
 * refuse its stream before the next part arrives. Any breach of `limits` is a clear client error.
 */
export async function readParts(request: FastifyRequest, limits: PartLimits, onFile: (part: Part) => Promise<void>): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) throw new HttpError(422, 'notMultipart');
  try {
    const parts = request.parts({ limits: { ...limits, fieldSize: MAX_FIELD_BYTES, parts: limits.files + limits.fields } });
    for await (const part of parts) {
      if (part.type === 'file') await onFile(part);
      else {
        if (part.valueTruncated) throw new HttpError(413, 'fieldTooLarge');
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limits.fileSize);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'tooManyParts');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(422, 'notMultipart');
    if (malformed(error)) throw new HttpError(400, 'badRequest');
    throw error;
  }
  assertSafeText(fields);
  return fields;
}
