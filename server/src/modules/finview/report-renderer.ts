import type { FastifyInstance } from 'fastify';
import { createReportRenderer, type ReportRenderer } from './render/report-pdf.js';

// One Chromium per app for finview: previews (first page screenshots) and report renders
// share it. Keyed by the app's database handle, which every encapsulated plugin shares. Made
// while the module registers (hooks cannot be added once the app is ready); the browser itself
// starts on first use.

const renderers = new WeakMap<object, ReportRenderer>();
/** A report's page load and print; a render job's own expiry (settings' time limit) stops it sooner. */
const PAGE_TIMEOUT_MS = 5 * 60_000;

/** Called once by the module as it registers: the renderer, closed with the app. */
export function setupFinviewReportRenderer(fastify: FastifyInstance): void {
  if (renderers.has(fastify.db)) return;
  const created = createReportRenderer({ timeoutMs: PAGE_TIMEOUT_MS });
  renderers.set(fastify.db, created);
  fastify.addHook('onClose', async () => {
    renderers.delete(fastify.db);
    await created.close();
  });
}

/** The app's report renderer. */
export function finviewReportRenderer(fastify: FastifyInstance): ReportRenderer {
  const renderer = renderers.get(fastify.db);
  if (!renderer) throw new Error('the finview module registers its report renderer first (setupFinviewReportRenderer)');
  return renderer;
}
