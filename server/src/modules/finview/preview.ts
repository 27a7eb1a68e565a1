import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// Filled in below (the preview renderer).
export const previewRoutes: FastifyPluginAsyncTypebox = async () => {};
