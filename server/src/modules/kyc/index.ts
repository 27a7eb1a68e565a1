import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { applyDefaultScanPolicy } from './default-scan-policy.js';
import { createDocumentsService } from './documents.js';
import { createKycLists } from './lists.js';
import { documentRoutes } from './routes-documents.js';
import { subjectRoutes } from './routes-subjects.js';
import { settingsRoutes } from './routes-settings.js';
import { createSettingsService } from './settings.js';
import { createSubjectsService } from './subjects.js';
import { DocumentParams, KycDocument } from './schemas.js';
import { kycDocumentsTransitionStore } from './transition-store.js';
import { createTransitionService } from '../../lib/workflow/transitions-service.js';
import { transitionRoutes } from '../../lib/workflow/transitions-routes.js';

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
  // The decisions as the workflow's transitions (common/resources/kyc-documents.ts): the routes the review panel uses.
  const transitions = createTransitionService(kycDocumentsTransitionStore(fastify), fastify.domainEvents);
  await fastify.register(transitionRoutes(transitions, { record: KycDocument, idName: 'id', params: DocumentParams }, 'validation'));
};

export type KycServices = {
  subjects: ReturnType<typeof createSubjectsService>;
  documents: ReturnType<typeof createDocumentsService>;
  lists: ReturnType<typeof createKycLists>;
  settings: ReturnType<typeof createSettingsService>;
};

export default kyc;
