import type { FastifyRequest } from 'fastify';
import { COMPANY_UPLOAD_MAX_BYTES } from '../../../src/resources/company-rules.js';
import { HttpError } from '../errors.js';
import { assertSafeText } from '../plugins/safe-text.js';

export const MAX_FIELD_BYTES = 1024 * 1024;


export interface MultipartContent {
  file?: { buffer: Buffer; filename: string };
  fields: Record<string, string>;
}

/** The form's text fields and its first file, read whole within the limits; any breach is a clear client error. */
export async function readMultipart(request: FastifyRequest, fileField?: string): Promise<MultipartContent> {
  const content: MultipartContent = { fields: {} };
  if (!request.isMultipart()) throw new HttpError(422, 'notMultipart');
  try {
    for await (const part of request.parts({ limits: { fileSize: COMPANY_UPLOAD_MAX_BYTES, fieldSize: MAX_FIELD_BYTES, files: 1, fields: 20, parts: 21 } })) {
      if (part.type === 'file') {
        // Read even when unexpected: an unread stream would stall the request.
        const buffer = await part.toBuffer();
        if (part.fieldname === fileField) content.file = { buffer, filename: part.filename };
      } else {
        if (part.valueTruncated) throw new HttpError(413, 'fieldTooLarge');
        content.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'fileTooLarge', undefined, { params: { mb: COMPANY_UPLOAD_MAX_BYTES / 1024 / 1024 } });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'tooManyParts');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(422, 'notMultipart');
    throw error;
  }
  assertSafeText(content.fields);
  return content;
}
