import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { companyRoutes } from './routes-companies.js';
import { mediaRoutes } from './routes-media.js';
import { outputRoutes } from './routes-outputs.js';
import { outputTransitionRoutes } from './outputs-transitions.js';
import { pluginRoutes } from './routes-plugins.js';
import { setupFinviewReportRenderer } from './report-renderer.js';
import { ruleRoutes } from './routes-rules.js';
import { settingsRoutes } from './routes-settings.js';
import { templateRoutes } from './routes-templates.js';
import { startFinviewWork } from './work.js';

/**
 * finview's API (issue 12, docs/finview.md): settings, versioned templates and their preview,
 * plugins and price series, rules, and the outputs (videos, reports) with their media and live
 * progress. Renders run on the job queue (`fastify.jobs`) when the server has one.
 */
const finview: FastifyPluginAsyncTypebox = async (fastify) => {
  setupFinviewReportRenderer(fastify);
  await fastify.register(settingsRoutes);
  await fastify.register(templateRoutes);
  await fastify.register(pluginRoutes);
  await fastify.register(outputRoutes);
  await fastify.register(outputTransitionRoutes(fastify));
  await fastify.register(mediaRoutes);
  await fastify.register(ruleRoutes);
  await fastify.register(companyRoutes);
  await startFinviewWork(fastify);
};

export default finview;
