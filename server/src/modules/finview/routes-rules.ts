import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { OutputAnswer } from '../../../../common/domains/finview/model.js';
import { RuleAnswerSchema, RuleBodySchema } from '../../../../common/domains/finview/schemas.js';
import { ErrorReply, Id, Page, PageSize } from '../../../../common/schemas.js';
import { limitOffset, orderBy, sendPage } from '../../lib/paging.js';
import { registerRuleTriggers } from './rule-events.js';
import { listRules, SORT_COLUMNS } from './rules-repository.js';
import { changeRule, createRule, getRule, removeRule, ruleAnswer, runRule } from './rules-service.js';

const tags = ['finview'];
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };
const RULES = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({ resource: 'rules', action }) as const;
const BASE = '/be-api-management/finview/rules';

// List positions within what OFFSET takes (a larger one is a 422, not a database error).
const Position = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

// The outputs' own schema is their routes' (routes-outputs.ts); here it passes through as built.
const OutputReply = Type.Unsafe<OutputAnswer>({ type: 'object', additionalProperties: true });
const VersionedRuleBody = Type.Intersect([RuleBodySchema, Type.Object({ version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })]);
const RuleParams = Type.Object({ id: Id });
const sortFields = Object.keys(SORT_COLUMNS).join('|');
const ListQuery = Type.Object({
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
  sort: Type.Optional(Type.String({ pattern: `^(${sortFields}):(asc|desc)$` })),
  // Refine's simple-rest names (docs/finview.md: lists take _start/_end/_sort/_order too).
  _start: Type.Optional(Position),
  _end: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  _sort: Type.Optional(Type.String({ pattern: `^(${sortFields})$` })),
  _order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')])),
});

/** Rules CRUD and manual runs (docs/finview.md "Rules"); event rules are subscribed here too. */
export const ruleRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  registerRuleTriggers(fastify);

  fastify.get(
    BASE,
    { config: { access: RULES('list') }, schema: { tags, summary: 'Rules, one page (name, createdAt, updatedAt, lastFiredAt, trigger); x-total-count', querystring: ListQuery, response: { 200: Type.Array(RuleAnswerSchema), ...ERRORS } } },
    async (request, reply) => {
      const query = request.query;
      const sort = query.sort ?? (query._sort ? `${query._sort}:${(query._order ?? 'asc').toLowerCase()}` : undefined);
      const { limit, offset } =
        query._start !== undefined || query._end !== undefined
          ? { offset: query._start ?? 0, limit: Math.min(200, Math.max(1, (query._end ?? (query._start ?? 0) + 20) - (query._start ?? 0))) }
          : limitOffset({ page: query.page, pageSize: query.pageSize ?? (await fastify.appConfig.current()).defaults.pageSize });
      const page = await listRules(fastify.db, orderBy(sort, SORT_COLUMNS, 'lower(r.name) ASC', 'r.id ASC'), limit, offset);
      const now = new Date();
      return sendPage(reply, { rows: page.rows.map((row) => ruleAnswer(row, now)), total: page.total });
    },
  );

  fastify.get(
    `${BASE}/:id`,
    { config: { access: RULES('show') }, schema: { tags, summary: 'One rule; 404 finviewRuleNotFound', params: RuleParams, response: { 200: RuleAnswerSchema, ...ERRORS } } },
    async (request) => getRule(fastify.db, Number(request.params.id)),
  );

  fastify.post(
    BASE,
    {
      config: { access: RULES('create') },
      schema: {
        tags,
        summary: 'A rule: 422 reasons finviewCron, finviewTimezone, companyMissing, finviewEventParam, params.*; 409 finviewNotPublished; audited',
        body: RuleBodySchema,
        response: { 201: RuleAnswerSchema, ...ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await createRule(fastify, request.actor, request.body)),
  );

  fastify.put(
    `${BASE}/:id`,
    { config: { access: RULES('edit') }, schema: { tags, summary: 'Changes a rule (as POST); 409 staleEdit when `version` is stale; audited', params: RuleParams, body: VersionedRuleBody, response: { 200: RuleAnswerSchema, ...ERRORS } } },
    async (request) => changeRule(fastify, request.actor, Number(request.params.id), request.body),
  );

  fastify.delete(
    `${BASE}/:id`,
    { config: { access: RULES('delete') }, schema: { tags, summary: 'Deletes a rule (its outputs stay, rule = null); audited', params: RuleParams, response: { 204: Type.Null(), ...ERRORS } } },
    async (request, reply) => {
      await removeRule(fastify, request.actor, Number(request.params.id));
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    `${BASE}/:id/run`,
    { config: { access: RULES('create') }, schema: { tags, summary: 'Runs a rule now: 201 OutputAnswer (always a new output); audited', params: RuleParams, response: { 201: OutputReply, ...ERRORS } } },
    async (request, reply) => reply.code(201).send(await runRule(fastify, request.actor, Number(request.params.id))),
  );
};
