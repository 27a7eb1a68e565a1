import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import type { Actor } from '../../plugins/app/access.js';
import type { AnnouncementDetail, AnnouncementSource } from '../../../../common/domains/announcements/model.js';
import { HttpError } from '../../errors.js';
import { ErrorReply, Id } from '../../../../common/schemas.js';
import { TOTAL_CAPPED, TOTAL_COUNT } from '../../lib/paging.js';
import { addListExportRoute, knownColumns, statementSource } from '../../lib/export/list-export-route.js';
import { announcements } from '../../../../common/resources/announcements.js';
import { announcementAnswer, decodeCursor, encodeCursor, exportStatement, listAnnouncements, type ListFilters } from './announcements-repository.js';
import {
  createAnnouncement,
  editAnnouncement,
  getAnnouncement,
  linkCompany,
  lockAnnouncement,
  mergeAnnouncement,
  publishAnnouncement,
  reopenAnnouncement,
  retractAnnouncement,
  separateAnnouncement,
  suppressAnnouncement,
  unlockAnnouncement,
} from './announcements-service.js';
import { companyChoices } from './company-choices.js';
import {
  AnnouncementReply,
  CompanyBody,
  CompanyRef,
  DecisionBody,
  DetailReply,
  EditBody,
  InputBody,
  ListQuery,
  LockBody,
  LockReply,
  MergeBody,
  RetractBody,
  SuppressBody,
} from './schemas-review.js';

const tags = ['announcements'];
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };
const ACCESS = (action: 'list' | 'show' | 'create' | 'edit') => ({ resource: 'announcements', action }) as const;
const BASE = '/be-api-management/announcements';
const Params = Type.Object({ id: Id });
export const NEXT_CURSOR = 'x-next-cursor';
/** The queue, and its states' own tabs, read oldest first unless told. */
const QUEUE_FILTERS = new Set(['queue', 'ingested', 'needs_review']);

/** `BSE,NSE` → the sources (the schema's pattern has checked each). */
function sourcesOf(source: string | undefined): AnnouncementSource[] | undefined {
  return source ? (source.split(',') as AnnouncementSource[]) : undefined;
}

/** `from,to` → its sides, each an instant or nothing; a side that is no time is a 422 `validation`. */
function rangeOf(range: string | undefined): { from?: string; to?: string } {
  if (!range) return {};
  const [from = '', to = ''] = range.split(',');
  const side = (value: string) => {
    if (!value) return undefined;
    if (Number.isNaN(Date.parse(value))) throw new HttpError(422, 'validation', { disseminatedAt: 'invalid' });
    return new Date(value).toISOString();
  };
  const answer: { from?: string; to?: string } = {};
  const start = side(from);
  const end = side(to);
  if (start) answer.from = start;
  if (end) answer.to = end;
  return answer;
}

/** The list's filters and order from its query string (the GET's, and the export's body `query`). */
function listQueryOf(query: Omit<Static<typeof ListQuery>, 'page' | 'pageSize' | 'cursor'>): { listFilters: ListFilters; direction: 'asc' | 'desc' } {
  // Without a status, every status: the generic list's "All" tab (the queue is `status=queue`, or a queue state's tab).
  const { status = 'all', sort, source, disseminatedAt, categoryId, companyId, ...filters } = query;
  const direction = sort ? (sort.endsWith(':asc') ? 'asc' : 'desc') : QUEUE_FILTERS.has(status) ? 'asc' : 'desc';
  const range = rangeOf(disseminatedAt);
  const listFilters = {
    status,
    ...filters,
    source: sourcesOf(source),
    categoryId: categoryId?.split(','),
    companyId: companyId?.split(','),
    from: filters.from ?? range.from,
    to: filters.to ?? range.to,
  };
  return { listFilters, direction };
}

/** The review workflow (docs/announcements.md "The announcement"): list, one, manual create, edit, decisions, soft locks. */
export const reviewRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    BASE,
    {
      config: { access: ACCESS('list') },
      schema: {
        tags,
        summary: 'Announcements, one keyset page (every status by default, newest first; the queue and its states oldest first); x-total-count (capped: x-total-capped), x-next-cursor',
        querystring: ListQuery,
        response: { 200: Type.Array(AnnouncementReply), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { pageSize = 50, cursor, page: number } = request.query;
      const { listFilters, direction } = listQueryOf(request.query);
      const page = await listAnnouncements(fastify.db, listFilters, direction, pageSize, cursor ? decodeCursor(cursor) : null, ((number ?? 1) - 1) * pageSize);
      reply.header(TOTAL_COUNT, String(page.total));
      if (page.capped) reply.header(TOTAL_CAPPED, 'true');
      if (page.next) reply.header(NEXT_CURSOR, encodeCursor(page.next));
      reply.header('access-control-expose-headers', `rc-key, ${TOTAL_COUNT}, ${TOTAL_CAPPED}, ${NEXT_CURSOR}`);
      return page.rows.map(announcementAnswer);
    },
  );

  // The filtered announcements (or the selected ones) as a file, as every list's export: the
  // company, category, lock holder and decider by their names, as the list shows them.
  addListExportRoute(fastify, {
    path: BASE,
    definition: announcements,
    tags,
    query: ListQuery,
    id: Id,
    columns: knownColumns(announcements, { companyId: 'companyName', categoryId: 'categoryName', lock: 'lockUsername', decidedBy: 'decidedByName' }),
    async source(query, ids) {
      const { listFilters, direction } = listQueryOf(query as Static<typeof ListQuery>);
      return statementSource(fastify.db, exportStatement(listFilters, direction, ids));
    },
  });

  fastify.get(
    `${BASE}/companies`,
    {
      config: { access: ACCESS('list') },
      schema: {
        tags,
        summary: 'Companies to link: at most 20, name prefix first, then contains, ISIN or ticker exact',
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: Type.Array(CompanyRef), ...ERRORS },
      },
    },
    async (request) => companyChoices(fastify.db, request.query.q),
  );

  fastify.get(
    `${BASE}/:id`,
    { config: { access: ACCESS('show') }, schema: { tags, summary: 'One announcement with its group; 404 announcementNotFound', params: Params, response: { 200: DetailReply, ...ERRORS } } },
    async (request) => getAnnouncement(fastify.db, Number(request.params.id)),
  );

  fastify.post(
    BASE,
    {
      config: { access: ACCESS('create') },
      schema: {
        tags,
        summary: 'A manual announcement (needs_review): 422 reasons notBlank, companyMissing, invalid (category), notInFuture; audited',
        body: InputBody,
        response: { 201: DetailReply, ...ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await createAnnouncement(fastify, request.actor, request.body)),
  );

  fastify.put(
    `${BASE}/:id`,
    {
      config: { access: ACCESS('edit') },
      schema: {
        tags,
        summary: 'Edits an announcement (any status but retracted: 409 announcementRetractedReadOnly); 409 staleEdit, announcementLocked; audited',
        params: Params,
        body: EditBody,
        response: { 200: DetailReply, ...ERRORS },
      },
    },
    async (request) => editAnnouncement(fastify, request.actor, Number(request.params.id), request.body),
  );

  const decision = <B extends typeof DecisionBody | typeof SuppressBody | typeof RetractBody | typeof MergeBody | typeof CompanyBody>(
    action: string,
    summary: string,
    body: B,
    run: (id: number, actor: Actor, body: Type.Static<B>) => Promise<AnnouncementDetail>,
  ) =>
    fastify.post(
      `${BASE}/:id/${action}`,
      { config: { access: ACCESS('edit') }, schema: { tags, summary: `${summary}; 409 staleEdit, announcementLocked; audited`, params: Params, body, response: { 200: DetailReply, ...ERRORS } } },
      async (request) => run(Number(request.params.id), request.actor, request.body as Type.Static<B>),
    );

  decision('publish', 'Publishes (queue only: 409 announcementNotInQueue); its group’s queue members become duplicates', DecisionBody, (id, actor, body) =>
    publishAnnouncement(fastify, actor, id, body.version),
  );
  decision('suppress', 'Suppresses as duplicate or irrelevant (queue only: 409 announcementNotInQueue)', SuppressBody, (id, actor, body) =>
    suppressAnnouncement(fastify, actor, id, body.version, body.reason),
  );
  decision('reopen', 'Back to the queue (suppressed only: 409 announcementNotReopenable); a duplicate leaves its group', DecisionBody, (id, actor, body) =>
    reopenAnnouncement(fastify, actor, id, body.version),
  );
  decision('retract', 'Retracts with a reason (published only: 409 announcementNotPublished)', RetractBody, (id, actor, body) =>
    retractAnnouncement(fastify, actor, id, body.version, body.reason),
  );
  decision('merge', 'Joins `into`’s group as a duplicate (409 announcementNotInQueue, announcementMergeInvalid)', MergeBody, (id, actor, body) =>
    mergeAnnouncement(fastify, actor, id, body.version, body.into),
  );
  decision('separate', 'Leaves its group (a duplicate goes back to the queue; a lead hands the group on)', DecisionBody, (id, actor, body) =>
    separateAnnouncement(fastify, actor, id, body.version),
  );
  decision('company', 'Links a company (422 companyMissing); `remember` links the other unmatched rows with the same code', CompanyBody, (id, actor, body) =>
    linkCompany(fastify, actor, id, body),
  );

  fastify.post(
    `${BASE}/:id/lock`,
    {
      config: { access: ACCESS('edit') },
      schema: { tags, summary: 'Takes or renews the soft lock; 409 announcementLocked (params.user) unless force (audited take-over)', params: Params, body: LockBody, response: { 200: LockReply, ...ERRORS } },
    },
    async (request) => lockAnnouncement(fastify, request.actor, Number(request.params.id), request.body.force === true),
  );

  fastify.delete(
    `${BASE}/:id/lock`,
    { config: { access: ACCESS('edit') }, schema: { tags, summary: 'Releases one’s own soft lock (another user’s stays)', params: Params, response: { 204: Type.Null(), ...ERRORS } } },
    async (request, reply) => {
      await unlockAnnouncement(fastify, request.actor, Number(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
