import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { NEWS_EVENT_FIELDS, RULE_EVENTS, RULE_TRIGGERS, type OutputAnswer } from '../../../../common/domains/finview/model.js';
import { ErrorReply, Id, Page, PageSize } from '../../../../common/schemas.js';
import { limitOffset, orderBy, sendPage } from '../../lib/paging.js';
import { registerRuleTriggers } from './rule-events.js';
import { listRules, SORT_COLUMNS } from './rules-repository.js';
import { changeRule, createRule, getRule, removeRule, ruleAnswer, runRule } from './rules-service.js';
import { ParamValue as ParamScalar } from './schemas-outputs.js';

const tags = ['finview'];
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };
const RULES = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({ resource: 'rules', action }) as const;
const BASE = '/be-api-management/finview/rules';

// Row ids and list positions within what bigint columns and OFFSET take (a larger one is a 422, not a database error).
const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Position = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

const literals = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
const EventRef = Type.Object({ event: literals(NEWS_EVENT_FIELDS) }, { additionalProperties: false });
const ParamValue = Type.Union([ParamScalar, EventRef]);

const RuleBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  enabled: Type.Boolean(),
  trigger: literals(RULE_TRIGGERS),
  cron: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  timezone: Type.Optional(Type.String({ maxLength: 60 })),
  event: Type.Optional(Type.Union([literals(RULE_EVENTS), Type.Null()])),
  conditions: Type.Optional(Type.Object({ companyIds: Type.Optional(Type.Array(RowId, { maxItems: 500 })) })),
  templateId: RowId,
  params: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), ParamValue)),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  dedupeKey: Type.Optional(Type.String({ maxLength: 200 })),
});
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const UserRef = Type.Object({ id: Type.Integer(), username: Type.String() });
const RuleReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  trigger: literals(RULE_TRIGGERS),
  cron: Nullable(Type.String()),
  timezone: Type.String(),
  event: Nullable(literals(RULE_EVENTS)),
  conditions: Type.Object({ companyIds: Type.Optional(Type.Array(Type.Integer())) }),
  templateId: Type.Integer(),
  templateName: Type.String(),
  params: Type.Record(Type.String(), ParamValue),
  title: Type.String(),
  dedupeKey: Type.String(),
  lastFiredAt: Nullable(Type.String()),
  nextRunAt: Nullable(Type.String()),
  outputCount: Type.Integer(),
  createdBy: Nullable(UserRef),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
// The outputs' own schema is their routes' (routes-outputs.ts); here it passes through as built.
const OutputReply = Type.Unsafe<OutputAnswer>({ type: 'object', additionalProperties: true });
const VersionedRuleBody = Type.Intersect([RuleBody, Type.Object({ version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })]);
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
    { config: { access: RULES('list') }, schema: { tags, summary: 'Rules, one page (name, createdAt, updatedAt, lastFiredAt, trigger); x-total-count', querystring: ListQuery, response: { 200: Type.Array(RuleReply), ...ERRORS } } },
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
    { config: { access: RULES('show') }, schema: { tags, summary: 'One rule; 404 finviewRuleNotFound', params: RuleParams, response: { 200: RuleReply, ...ERRORS } } },
    async (request) => getRule(fastify.db, Number(request.params.id)),
  );

  fastify.post(
    BASE,
    {
      config: { access: RULES('create') },
      schema: {
        tags,
        summary: 'A rule: 422 reasons finviewCron, finviewTimezone, companyMissing, finviewEventParam, params.*; 409 finviewNotPublished; audited',
        body: RuleBody,
        response: { 201: RuleReply, ...ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await createRule(fastify, request.actor, request.body)),
  );

  fastify.put(
    `${BASE}/:id`,
    { config: { access: RULES('edit') }, schema: { tags, summary: 'Changes a rule (as POST); 409 staleEdit when `version` is stale; audited', params: RuleParams, body: VersionedRuleBody, response: { 200: RuleReply, ...ERRORS } } },
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
