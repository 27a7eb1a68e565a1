import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../errors.js';
import { createDocumentsService } from './documents.js';
import type { PipelineContext, Scanner } from './file-pipeline.js';
import { createKycLists } from './lists.js';
import { documentRoutes } from './routes-documents.js';
import { subjectRoutes } from './routes-subjects.js';
import { settingsRoutes } from './routes-settings.js';
import { createSettingsService } from './settings.js';
import { createSubjectsService } from './subjects.js';

/**
 * The KYC area's API (issue 11, docs/kyc.md): subjects with their documents, the review
 * (claim, decisions, masking), the files themselves and the settings.
 */
const kyc: FastifyPluginAsyncTypebox = async (fastify) => {
  // Scoped to these routes; limits are set per request (form.ts, settings.ts).
  await fastify.register(multipart);

  const noScanner: Scanner = { configured: false, scan: () => Promise.resolve({ status: 'skipped' }) };
  const scanner = () => (fastify as unknown as { virusScanner?: Scanner }).virusScanner ?? noScanner;
  const pipeline = async (): Promise<PipelineContext> => ({ scanner: scanner() });
  const services = {
    subjects: createSubjectsService(fastify, pipeline),
    documents: createDocumentsService(fastify, pipeline),
    lists: createKycLists(fastify),
    settings: createSettingsService(fastify, scanner, () => {
      throw new HttpError(422, 'kycCertificateInvalid');
    }),
  };
  await fastify.register(subjectRoutes(services));
  await fastify.register(documentRoutes(services));
  await fastify.register(settingsRoutes(services));
};

export type KycServices = {
  subjects: ReturnType<typeof createSubjectsService>;
  documents: ReturnType<typeof createDocumentsService>;
  lists: ReturnType<typeof createKycLists>;
  settings: ReturnType<typeof createSettingsService>;
};

export default kyc;
