import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { CompanyChoiceSchema, type CompanyChoice } from '../../../../common/domains/finview/schemas.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { containsPattern } from '../../lib/paging.js';

const tags = ['finview'];

/**
 * Companies to pick for a parameter (`x-source: company-records`) or a rule's watch-list. finview's
 * own route, guarded as its plugins: the news area (and its companies list) may be switched off
 * in config/app.json while finview still binds company data.
 */
export const companyRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/be-api-management/finview/companies',
    {
      config: { access: { resource: 'plugins', action: 'list' } },
      schema: {
        tags,
        summary: 'Companies by name, ISIN or ticker (q, contains; ids picks given ones), at most 50, by name',
        querystring: Type.Object({
          q: Type.Optional(Type.String({ maxLength: 100 })),
          ids: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9]{1,15}(,[0-9]{1,15})*$' })),
        }),
        response: { 200: Type.Array(CompanyChoiceSchema), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => {
      const pattern = containsPattern(request.query.q);
      const ids = request.query.ids ? request.query.ids.split(',').slice(0, 500) : null;
      const { rows } = await fastify.db.query<CompanyChoice>(
        `SELECT company_id::int AS id, comp_name AS name, isin, ticker FROM companies
         WHERE ($1::text IS NULL OR lower(comp_name) LIKE lower($1) OR isin LIKE upper($1) OR lower(ticker) LIKE lower($1))
           AND ($2::text IS NULL OR company_id = ANY (string_to_array($2, ',')::bigint[]))
         ORDER BY lower(comp_name), company_id LIMIT 50`,
        [pattern, ids ? ids.join(',') : null],
      );
      return rows;
    },
  );
};
