import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// Placeholder until its helper builds it (docs/finview.md).
export const templateRoutes: FastifyPluginAsyncTypebox = async () => {};
