import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { KYC_MAX_FILE_BYTES } from '../../../../common/domains/kyc/model.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { sendPage } from '../../lib/paging.js';
import type { KycServices } from './index.js';
import { KycDocument, KycSubject, SubjectListQuery, SubjectParams, UpdateSubjectBody, UploadParams, VersionBody } from './schemas.js';
import { DOCUMENT_FORM, SUBJECT_FORM } from './form.js';
import { CREATE_FILE_TYPES, subjectOr404 } from './subjects.js';
import { createUploadLane } from './upload-lane.js';

const tags = ['kyc'];
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 413: ErrorReply, 415: ErrorReply, 422: ErrorReply, 503: ErrorReply };
const MB = KYC_MAX_FILE_BYTES / 1024 / 1024;

export function subjectRoutes(services: KycServices): FastifyPluginAsyncTypebox {
  return async (fastify) => {
    const uploadLane = createUploadLane();
    fastify.post(
      '/be-api-management/kyc/subjects',
      {
        config: { access: { resource: 'kyc-upload', action: 'create' }, upload: SUBJECT_FORM },
        schema: {
          tags,
          summary: `A subject with its first documents: multipart, field \`subject\` (JSON) and at most one file per type (${CREATE_FILE_TYPES.join(', ')}; ${MB} MB each, type read from the bytes). All or nothing: every bad field in one 422, 409 pan: panTaken / aadhaar: aadhaarTaken; audited`,
          consumes: ['multipart/form-data'],
          response: { 201: KycSubject, ...ERRORS },
        },
      },
      async (request, reply) => reply.code(201).send(await uploadLane(() => services.subjects.create(request.actor, request))),
    );

    fastify.get(
      '/be-api-management/kyc/subjects',
      {
        config: { access: { resource: 'kyc-upload', action: 'list' } },
        schema: {
          tags,
          summary: 'Subjects, one page (no documents); q: part of the name or PAN, or a full Aadhaar number (found through the vault); x-total-count is the exact total',
          querystring: SubjectListQuery,
          response: { 200: Type.Array(KycSubject), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply },
        },
      },
      async (request, reply) => sendPage(reply, await services.lists.subjects(request.actor, request.query)),
    );

    fastify.get(
      '/be-api-management/kyc/subjects/:id',
      {
        config: { access: { resource: 'kyc-upload', action: 'list' } },
        schema: { tags, summary: 'One subject with its documents', params: SubjectParams, response: { 200: KycSubject, ...ERRORS } },
      },
      async (request) => subjectOr404(fastify.db, request.params.id),
    );

    fastify.put(
      '/be-api-management/kyc/subjects/:id',
      {
        config: { access: { resource: 'kyc-upload', action: 'edit' } },
        schema: {
          tags,
          summary: "Changes a subject's details (fields left out keep their value; `aadhaar` replaces the number); 409 staleEdit when `version` is stale; audited",
          params: SubjectParams,
          body: UpdateSubjectBody,
          response: { 200: KycSubject, ...ERRORS },
        },
      },
      async (request) => services.subjects.update(request.actor, request.params.id, request.body),
    );

    fastify.post(
      '/be-api-management/kyc/subjects/:id/claim',
      {
        config: { access: { resource: 'kyc-documents', action: 'edit' } },
        schema: {
          tags,
          summary: 'The caller takes the subject for review: assignee = caller, its `new` documents become `pending`; audited',
          params: SubjectParams,
          body: VersionBody,
          response: { 200: KycSubject, ...ERRORS },
        },
      },
      async (request) => services.subjects.claim(request.actor, request.params.id, request.body.version),
    );

    fastify.post(
      '/be-api-management/kyc/subjects/:id/documents/:type',
      {
        config: { access: { resource: 'kyc-upload', action: 'create' }, upload: DOCUMENT_FORM },
        schema: {
          tags,
          summary: `A new file for the subject's document of this type: multipart \`file\` (${MB} MB; + \`shareCode\` for digital_aadhaar); the document goes back to \`new\`, its decision cleared; audited`,
          consumes: ['multipart/form-data'],
          params: UploadParams,
          response: { 201: KycDocument, ...ERRORS },
        },
      },
      async (request, reply) => reply.code(201).send(await uploadLane(() => services.documents.upload(request.actor, request.params.id, request.params.type, request))),
    );
  };
}
