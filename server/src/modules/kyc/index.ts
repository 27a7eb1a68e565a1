import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { applyDefaultScanPolicy } from './default-scan-policy.js';
import { createDocumentsService } from './documents.js';
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
  await applyDefaultScanPolicy(fastify);

  const services = {
    subjects: createSubjectsService(fastify),
    documents: createDocumentsService(fastify),
    lists: createKycLists(fastify),
    settings: createSettingsService(fastify),
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
