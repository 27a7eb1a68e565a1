import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorReply } from '../../../../common/schemas.js';
import { sendPage } from '../../lib/paging.js';
import type { KycServices } from './index.js';
import { DecisionBody, DocumentListQuery, DocumentParams, FileBytes, FileQuery, KycDocument, MaskBody } from './schemas.js';

const tags = ['kyc'];
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };

/** RFC 8187 `filename*`: UTF-8, percent-encoded, the characters encodeURIComponent leaves but attr-char does not included. */
export function attachmentDisposition(filename: string): string {
  const encoded = encodeURIComponent(filename).replace(/['()*!]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}

export function documentRoutes(services: KycServices): FastifyPluginAsyncTypebox {
  return async (fastify) => {
    fastify.get(
      '/be-api-management/kyc/documents',
      {
        config: { access: { resource: 'kyc-documents', action: 'list' } },
        schema: {
          tags,
          summary: 'Documents, one page (the current file, no earlier ones); filters status, type, assignee (me or an id), uploadedBy, from/to (UTC days of updatedAt), q (subject name or PAN); x-total-count is the exact total',
          querystring: DocumentListQuery,
          response: { 200: Type.Array(KycDocument), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply },
        },
      },
      async (request, reply) => sendPage(reply, await services.lists.documents(request.actor, request.query)),
    );

    fastify.get(
      '/be-api-management/kyc/documents/:id',
      {
        config: { access: { resource: 'kyc-documents', action: 'show' } },
        schema: { tags, summary: 'One document with all its files (`files`: the earlier ones, newest first)', params: DocumentParams, response: { 200: KycDocument, ...ERRORS } },
      },
      async (request) => services.documents.get(request.params.id),
    );

    fastify.get(
      '/be-api-management/kyc/documents/:id/file',
      {
        config: { access: { resource: 'kyc-documents', action: 'show' } },
        // Every read is audited: no HEAD that would record a view without sending it.
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: "A file's bytes (the current one unless fileId), as an attachment that no browser renders in place; audited as `view` or `download` before any byte is sent",
          params: DocumentParams,
          querystring: FileQuery,
          response: { 200: FileBytes, ...ERRORS },
        },
      },
      async (request, reply) => {
        const opened = await services.documents.open(request.actor, request.params.id, request.query.fileId, request.query.purpose ?? 'view');
        return reply
          .header('content-type', opened.contentType)
          .header('content-length', String(opened.content.meta.size))
          .header('content-disposition', attachmentDisposition(opened.filename))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'no-store')
          .send(opened.content.stream);
      },
    );

    fastify.post(
      '/be-api-management/kyc/documents/:id/decision',
      {
        config: { access: { resource: 'kyc-documents', action: 'edit' } },
        schema: {
          tags,
          summary:
            'Approve, reject, revision or reset: 403 kycMakerChecker (the caller uploaded the current file), 409 kycBadTransition, 409 kycNotMasked, 409 kycScanNotClean (409 kycNoScanner when no scanner is configured), 422 reason: reasonRequired, 409 staleEdit; audited',
          params: DocumentParams,
          body: DecisionBody,
          response: { 200: KycDocument, ...ERRORS },
        },
      },
      async (request) => services.documents.decide(request.actor, request.params.id, request.body),
    );

    fastify.post(
      '/be-api-management/kyc/documents/:id/mask',
      {
        config: { access: { resource: 'kyc-documents', action: 'edit' } },
        schema: {
          tags,
          summary:
            'Blacks out rectangles (in the image’s own pixels) of the current image, which replaces it (masked); the unmasked bytes are deleted; audited. On an Aadhaar card one rectangle must span the least share of the image that hides the number (422 kycMaskTooSmall)',
          params: DocumentParams,
          body: MaskBody,
          response: { 200: KycDocument, ...ERRORS },
        },
      },
      async (request) => services.documents.mask(request.actor, request.params.id, request.body.rects, request.body.version),
    );
  };
}
