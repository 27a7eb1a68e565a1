import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { VIEWS_ENDPOINT } from '../../../../common/domains/views/model.js';
import { Preferences, ResourceParams, ViewAnswer, ViewBody, ViewChange, ViewDelete, ViewParams, ViewsQuery } from '../../../../common/domains/views/schemas.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { changeView, createView, preferencesOf, removeView, savePreferences, viewsOf } from './service.js';

const tags = ['views'];
const BASE = `/${VIEWS_ENDPOINT}`;
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };
// Any signed-in user; the service then requires the `list` of the resource named (403 otherwise).
const access = 'authenticated' as const;

/**
 * Saved views of a list (filters, order, columns, page size, density), each its owner's and
 * optionally shared with a role, and each user's columns and density per list (issue 25 item 3).
 */
const views: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    BASE,
    {
      config: { access },
      schema: {
        tags,
        summary: "The caller's own views of one list, then those shared with their role or a less powerful one (shared with User: everyone); 403 for a list the caller may not open",
        querystring: ViewsQuery,
        response: { 200: Type.Array(ViewAnswer), ...ERRORS },
      },
    },
    async (request) => viewsOf(fastify, request.actor, request.query.resource),
  );

  fastify.post(
    BASE,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Saves a view of a list the caller may open: 409 viewNameTaken for a name the caller already uses on that list; 422 viewStateTooLarge past 16 KB; audited',
        body: ViewBody,
        response: { 201: ViewAnswer, ...ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await createView(fastify, request.actor, request.body)),
  );

  fastify.put(
    `${BASE}/:id`,
    {
      config: { access },
      schema: {
        tags,
        summary: "Renames, re-saves or re-shares one's own view (what is left out stays): 403 viewOwnerOnly, 409 staleEdit or viewNameTaken; audited",
        params: ViewParams,
        body: ViewChange,
        response: { 200: ViewAnswer, ...ERRORS },
      },
    },
    async (request) => changeView(fastify, request.actor, request.params.id, request.body),
  );

  fastify.delete(
    `${BASE}/:id`,
    {
      config: { access },
      schema: {
        tags,
        summary: "Deletes one's own view: 403 viewOwnerOnly, 409 staleEdit; audited",
        params: ViewParams,
        body: ViewDelete,
        response: { 204: Type.Null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      await removeView(fastify, request.actor, request.params.id, request.body.version);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    `${BASE}/preferences/:resource`,
    {
      config: { access },
      schema: {
        tags,
        summary: "The caller's columns (null: the list's defaults) and density of one list",
        params: ResourceParams,
        response: { 200: Preferences, ...ERRORS },
      },
    },
    async (request) => preferencesOf(fastify, request.actor, request.params.resource),
  );

  fastify.put(
    `${BASE}/preferences/:resource`,
    {
      config: { access },
      schema: {
        tags,
        summary: "Keeps the caller's columns and density of one list (created the first time); audited",
        params: ResourceParams,
        body: Preferences,
        response: { 200: Preferences, ...ERRORS },
      },
    },
    async (request) => savePreferences(fastify, request.actor, request.params.resource, request.body),
  );
};

export default views;
