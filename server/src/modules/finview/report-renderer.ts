import type { FastifyInstance } from 'fastify';
import { createReportRenderer, type ReportRenderer } from '../../services/render/report-pdf.js';

// One Chromium per app for finview: previews (first page screenshots) and report renders
// share it. Keyed by the app's database handle, which every encapsulated plugin shares.

const renderers = new WeakMap<object, ReportRenderer>();

/** The app's report renderer; the browser starts on first use and closes with the app. */
export function finviewReportRenderer(fastify: FastifyInstance): ReportRenderer {
  let renderer = renderers.get(fastify.db);
  if (!renderer) {
    const created = createReportRenderer();
    renderer = created;
    renderers.set(fastify.db, created);
    fastify.addHook('onClose', async () => {
      renderers.delete(fastify.db);
      await created.close();
    });
  }
  return renderer;
}
