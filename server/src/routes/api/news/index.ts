import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import Value from 'typebox/value';
import { COMPANY_FIELDS, hasXlsxMagic } from '../../../../../src/resources/company-rules.js';
import { HttpError } from '../../../errors.js';
import type { SealedSession } from '../../../sealing/check.js';
import { ErrorReply, MessageReply } from '../../../schemas/common.js';
import {
  ChangeStatusBody,
  ChangeStatusReply,
  Company,
  CompanyListQuery,
  CompanyParams,
  NewsDetailsQuery,
  NewsDetailsReply,
  NewsItem,
  NewsListQuery,
  NewsRefs,
  SearchCompanyQuery,
  SearchCompanyReply,
  UpdateCompanyBody,
  UploadErrorReply,
  UploadReply,
} from '../../../schemas/news.js';
import type { CompanySortField } from '../../../plugins/companies-repository.js';
import { createCompaniesService, UploadError } from '../../../services/news/companies-service.js';
import { createExcelService, XLSX_CONTENT_TYPE } from '../../../services/news/excel.js';
import { createNewsService, normaliseRefs, parseSort } from '../../../services/news/news-service.js';
import { readMultipart } from './multipart.js';

const tags = ['news'];
const TOTAL_COUNT = 'x-total-count';

const NEWS = (action: 'list' | 'show' | 'edit') => ({ resource: 'news-feeds', action }) as const;
const COMPANIES = (action: 'list' | 'edit' | 'create') => ({ resource: 'companies', action }) as const;

function actorOf(request: FastifyRequest): { id: string; username: string } {
  // The access plugin runs the seal check before every handler here.
  const session: SealedSession | null = request.session;
  if (!session) throw new Error('sealed route reached without a session');
  return { id: session.id, username: session.username };
}

function sendTotal(reply: FastifyReply, total: number): void {
  reply.header(TOTAL_COUNT, String(total));
  // The sealing plugin names rc-key; a browser on another origin must read the count too.
  reply.header('access-control-expose-headers', `rc-key, ${TOTAL_COUNT}`);
}

function stamp(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

function sendXlsx(reply: FastifyReply, filename: string, data: Buffer) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(data);
}

/** News management (API.md): news feeds and companies under `be-api-management/news/`. */
const news: FastifyPluginAsyncTypebox = async (fastify) => {
  const excel = createExcelService();
  fastify.addHook('onClose', () => excel.close());
  // Scoped to these routes; limits are set per request in readMultipart.
  await fastify.register(multipart);

  const newsService = createNewsService(fastify);
  const companiesService = createCompaniesService(fastify, excel);

  /** Constant-time comparison with the runtime configuration's key. */
  async function checkApiKey(request: FastifyRequest): Promise<void> {
    const given = request.headers['x-api-key'];
    const expected = (await fastify.appConfig.current()).excelApiKey;
    const digest = (value: string) => createHash('sha256').update(value).digest();
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(expected))) {
      throw new HttpError(403, 'apiKey');
    }
  }

  fastify.get(
    '/be-api-management/news/news',
    {
      config: { access: NEWS('list') },
      schema: {
        tags,
        summary: 'News items matching the filter, one page; x-total-count is the exact total',
        querystring: NewsListQuery,
        response: { 200: Type.Array(NewsItem), 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const { items, total } = await newsService.list(request.query);
      sendTotal(reply, total);
      return items;
    },
  );

  fastify.get(
    '/be-api-management/news/news-details',
    {
      config: { access: NEWS('show') },
      schema: {
        tags,
        summary: 'One news item with its body (HTML as received: the client sanitises it)',
        querystring: NewsDetailsQuery,
        response: { 200: NewsDetailsReply, 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => ({ result: { payload: await newsService.details(request.query) } }),
  );

  fastify.post(
    '/be-api-management/news/change-news-status',
    {
      config: { access: NEWS('edit') },
      schema: {
        tags,
        summary: 'Sets the status of one or many items, all or none, each change audited',
        body: ChangeStatusBody,
        response: { 200: ChangeStatusReply, 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => {
      const comment = request.body.comment?.trim() || null;
      const updated = await newsService.changeStatus(actorOf(request), normaliseRefs(request.body.items), request.body.newsStatus, comment);
      return { result: { updated } };
    },
  );

  fastify.post(
    '/be-api-management/news/excel-download',
    {
      config: { access: NEWS('list') },
      onRequest: checkApiKey,
      schema: {
        tags,
        summary: 'The selected items as an .xlsx file (multipart field newsItemsForExcel, header x-api-key)',
        consumes: ['multipart/form-data'],
        response: { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 413: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const { fields } = await readMultipart(request);
      const raw = fields.newsItemsForExcel;
      let items: unknown;
      try {
        items = raw === undefined ? undefined : JSON.parse(raw);
      } catch {
        items = undefined;
      }
      if (!Value.Check(NewsRefs, items)) {
        throw new HttpError(422, 'validation', { newsItemsForExcel: 'newsRefs' });
      }
      const rows = await newsService.rowsForExcel(normaliseRefs(items));
      const data = await excel.build({
        sheetName: 'News',
        header: ['News Item Id', 'Table', 'Company Id', 'Company', 'Headline', 'Summary', 'Source', 'URL', 'Published At', 'Status', 'Updated At', 'Updated By'],
        rows: rows.map((row) => [
          row.newsItemId,
          row.tableName,
          row.companyId,
          row.companyName,
          row.headline,
          row.summary,
          row.source,
          row.url,
          row.publishedAt.toISOString(),
          row.newsStatus,
          row.updatedAt.toISOString(),
          row.updatedBy ?? '',
        ]),
      });
      return sendXlsx(reply, `news-${stamp()}.xlsx`, data);
    },
  );

  fastify.get(
    '/be-api-management/news/search-company',
    {
      config: { access: NEWS('list') },
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
      return fastify.companiesRepository.search(text);
    },
  );

  fastify.get(
    '/be-api-management/news/companies',
    {
      config: { access: COMPANIES('list') },
      schema: {
        tags,
        summary: 'Companies, one page; q searches name, ticker and ISIN; x-total-count is the exact total',
        querystring: CompanyListQuery,
        response: { 200: Type.Array(Company), 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const pageSize = request.query.pageSize ?? (await fastify.appConfig.current()).defaults.pageSize;
      const q = request.query.q?.trim() || undefined;
      const { rows, total } = await fastify.companiesRepository.list(q, parseSort<CompanySortField>(request.query.sort), request.query.page ?? 1, pageSize);
      sendTotal(reply, total);
      return rows;
    },
  );

  fastify.get(
    '/be-api-management/news/companies/:companyId',
    {
      // What the edit form needs to open on its own (a reload, a shared link): 'edit', as the form.
      config: { access: COMPANIES('edit') },
      schema: {
        tags,
        summary: 'One company, for its edit form',
        params: CompanyParams,
        response: { 200: Type.Object({ result: Company }), 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => {
      const company = await fastify.companiesRepository.findById(request.params.companyId);
      if (!company) throw new HttpError(404, 'companyNotFound');
      return { result: company };
    },
  );

  fastify.post(
    '/be-api-management/news/update-company',
    {
      config: { access: COMPANIES('edit') },
      schema: {
        tags,
        summary: 'Updates a company (fields left out keep their value); the company rule applies',
        body: UpdateCompanyBody,
        response: { 200: Type.Object({ result: Company }), 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => ({ result: await companiesService.update(actorOf(request), request.body) }),
  );

  fastify.post(
    '/be-api-management/news/upload-companies',
    {
      config: { access: COMPANIES('create') },
      schema: {
        tags,
        summary: `Imports companies from an .xlsx made from the template (columns ${COMPANY_FIELDS.join(', ')}), all rows or none; a known ISIN updates that company`,
        consumes: ['multipart/form-data'],
        response: { 200: UploadReply, 401: ErrorReply, 404: ErrorReply, 413: UploadErrorReply, 422: UploadErrorReply },
      },
    },
    async (request, reply) => {
      const { file } = await readMultipart(request, 'file');
      if (!file) throw new HttpError(422, 'validation', { file: 'required' });
      // An .xlsx is a zip archive: anything else is refused before the parser sees it.
      if (!hasXlsxMagic(file.buffer)) {
        throw new HttpError(422, 'notXlsx');
      }
      try {
        return { result: await companiesService.upload(actorOf(request), file.buffer) };
      } catch (error) {
        if (!(error instanceof UploadError)) throw error;
        return reply.code(error.status).send(error.toJSON());
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
    async (_request, reply) => sendXlsx(reply, 'companies-template.xlsx', await excel.build({ sheetName: 'Companies', header: [...COMPANY_FIELDS], rows: [] })),
  );
};

export default news;
