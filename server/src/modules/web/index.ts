import type { FastifyPluginAsync } from 'fastify';
import service from './service.js';
import spa from './spa.js';

/**
 * What is not an area: the web app itself (index.html, its runtime configuration, the built
 * files, the redirects to it) outside the API, and the service's own routes (health, OpenAPI
 * description) under it.
 */
const web: FastifyPluginAsync = async (fastify) => {
  await fastify.register(spa);
  await fastify.register(service, { prefix: fastify.apiPrefix });
};

// Autoload gives every module the API prefix; the web app lives at the root.
export const prefixOverride = '';
export default web;
