import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMPANY_FIELDS, COMPANY_UPLOAD_MAX_BYTES } from '../../../../common/domains/news/company-rules.js';
import { HttpError } from '../../errors.js';
import { ErrorReply, MessageReply } from '../../../../common/schemas.js';
import { apiKeyCheck, sendXlsx } from '../../lib/excel/excel-http.js';
import { readUpload, SpreadsheetRefusal } from '../../lib/upload-guard/index.js';
import { createCompaniesRepository } from './repository.js';
import { SearchCompanyQuery, SearchCompanyReply, UpdateCompanyBody, UpdateCompanyReply, UploadErrorReply, UploadReply } from './schemas.js';
import { createCompaniesService, UploadError } from './service.js';

const tags = ['news'];
const COMPANIES = (action: 'list' | 'edit' | 'create') => ({ resource: 'companies', action }) as const;

/**
 * The companies' own routes (API.md "News management"), beside the generic module's list,
 * get and update of common/resources/companies.ts: the name search, the legacy update-company,
 * the Excel upload and its template.
 */
const companies: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = createCompaniesService(fastify, createCompaniesRepository(fastify.db), fastify.crud('companies'), fastify.excel);
  const checkApiKey = apiKeyCheck(fastify);

  fastify.get(
    '/be-api-management/news/search-company',
    {
      config: { access: { resource: 'news-feeds', action: 'list' } },
      schema: {
        tags,
        summary: 'At most 20 companies by name: names starting with the text first, then names containing it',
        querystring: SearchCompanyQuery,
        response: { 200: SearchCompanyReply, 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => {
      const text = request.query.compName.trim();
      if (text === '' || text.length > 100) {
        throw new HttpError(422, 'validation', { compName: { code: 'tooLong', params: { limit: 100 } } });
      }
      return service.search(text);
    },
  );

  fastify.post(
    '/be-api-management/news/update-company',
    {
      config: { access: COMPANIES('edit') },
      schema: {
        tags,
        summary: 'Updates a company (fields left out keep their value); the company rule applies; 409 staleEdit when a sent version is stale',
        body: UpdateCompanyBody,
        response: { 200: UpdateCompanyReply, 401: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => ({ result: await service.update(request.actor, request.body) }),
  );

  fastify.post(
    '/be-api-management/news/upload-companies',
    {
      // The legacy form also sends `userId`, unread: 20 text fields are let through.
      config: { access: COMPANIES('create'), upload: { files: { file: { kinds: ['xlsx'], maxBytes: COMPANY_UPLOAD_MAX_BYTES } }, fields: [], maxFields: 20 } },
      schema: {
        tags,
        summary: `Imports companies from an .xlsx made from the template (columns ${COMPANY_FIELDS.join(', ')}), all rows or none; a known ISIN updates that company`,
        consumes: ['multipart/form-data'],
        response: { 200: UploadReply, 401: ErrorReply, 404: ErrorReply, 413: UploadErrorReply, 422: UploadErrorReply },
      },
    },
    async (request, reply) => {
      try {
        // The guard refuses anything but a zip, and a zip past the workbook limits, unparsed.
        const [file] = (await readUpload(request)).files;
        if (!file) throw new HttpError(422, 'validation', { file: 'required' });
        return { result: await service.upload(request.actor, file.data) };
      } catch (error) {
        // The companies' answer to a refused workbook names its reason, as the preview does.
        const refused = error instanceof SpreadsheetRefusal ? UploadError.of(error.reason) : error;
        if (!(refused instanceof UploadError)) throw error;
        return reply.code(refused.status).send(refused.toJSON());
      }
    },
  );

  fastify.get(
    '/be-api-management/news/excel-template',
    {
      config: { access: COMPANIES('create') },
      onRequest: checkApiKey,
      schema: {
        tags,
        summary: 'The .xlsx template upload-companies accepts: the header row only (header x-api-key)',
        response: { 401: ErrorReply, 403: MessageReply, 404: ErrorReply },
      },
    },
    async (_request, reply) => sendXlsx(reply, 'companies-template.xlsx', await fastify.excel.build({ sheetName: 'Companies', header: [...COMPANY_FIELDS], rows: [] })),
  );
};

export default companies;
