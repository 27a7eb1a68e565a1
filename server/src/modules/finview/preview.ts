import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Bindings, ParamsSchema, ParamValues, TemplateBody, TemplateKind } from '../../../../common/domains/finview/model.js';
import { bindVideoTemplate, type VideoTemplate } from '../../../../common/domains/finview/template.js';
import { bindReportTemplate, type ReportTemplate } from '../../../../common/domains/finview/report-template.js';
import { HttpError } from '../../errors.js';
import { frameCount, frameSvg } from './render/frame-svg.js';
import { resolveBindings } from './bindings.js';
import { checkParams, paramsSchemaProblems } from './params.js';
import { finviewReportRenderer } from './report-renderer.js';
import { bodyProblems, invalidTemplate } from './templates-service.js';
import { createSvgRasteriser } from './render/svg-raster.js';
import { assertBoundImages, assertTemplateImages } from './template-images.js';

// The editor's live preview (docs/finview.md "Templates"): a video frame or a report's first page
// as PNG, with real data (bindings resolved; missing args take the plugin's sample). Logos go
// through the image guard; a video frame is rasterised in a worker thread that is ended at the
// time limit, and a user's next preview waits until that work has really stopped.

const MAX_WIDTH = 960;
const REPORT_WIDTH = 800;
const LIMIT_MS = 10_000;

export interface PreviewInput {
  kind: TemplateKind;
  body: unknown;
  paramsSchema?: unknown;
  bindings?: unknown;
  params?: unknown;
  at?: number;
}

/** The default frame time: the middle of the first chart scene, else 0. */
function defaultAt(video: VideoTemplate): number {
  const chart = video.scenes.find((scene) => scene.kind === 'bar-chart' || scene.kind === 'line-chart');
  return chart ? (chart.start + chart.end) / 2 : 0;
}

/** Params for a preview: the schema's defaults under what was sent; a missing required one is left to the samples. */
function previewParams(schema: ParamsSchema | undefined, params: unknown): ParamValues {
  const given = (typeof params === 'object' && params !== null && !Array.isArray(params) ? params : {}) as ParamValues;
  if (!schema) return given;
  const checked = checkParams({ ...schema, required: [] }, given);
  if (!checked.ok) throw new HttpError(422, 'validation', checked.reasons);
  return checked.value;
}

export const previewRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  /** One preview per user at a time: a second waits for the first's work to end (within its own time limit). */
  const running = new Map<string, Promise<unknown>>();
  const rasteriser = createSvgRasteriser({ timeoutMs: LIMIT_MS });
  fastify.addHook('onClose', () => rasteriser.close());

  async function render(input: PreviewInput, signal: AbortSignal): Promise<Buffer> {
    signal.throwIfAborted();
    const problems = bodyProblems(input.kind, input.body);
    if (problems.length > 0) throw invalidTemplate(problems);
    await assertTemplateImages(input.body);
    if (input.paramsSchema !== undefined) {
      const schemaProblems = paramsSchemaProblems(input.paramsSchema);
      if (schemaProblems.length > 0) throw invalidTemplate(schemaProblems, 'paramsSchema');
    }
    const paramsSchema = input.paramsSchema as ParamsSchema | undefined;
    const body = input.body as TemplateBody;
    const bindings = (input.bindings ?? {}) as Bindings;
    if (typeof bindings !== 'object' || bindings === null || Array.isArray(bindings)) throw new HttpError(422, 'validation', { bindings: { code: 'type', params: { type: 'object' } } });
    const params = previewParams(paramsSchema, input.params);
    const data = await resolveBindings(fastify, fastify.db, { body, bindings, params, ...(paramsSchema ? { paramsSchema } : {}) }, { sample: true });
    if (input.kind === 'video') {
      const bound = bindVideoTemplate(body as VideoTemplate, data);
      if (!bound.ok) throw invalidTemplate(bound.problems);
      const video = bound.value;
      const at = input.at ?? defaultAt(body as VideoTemplate);
      const frame = Math.max(0, Math.min(frameCount(video) - 1, Math.round(at * video.fps)));
      // Logos a blob id brought in are checked too; the worker checks the SVG's images again.
      await assertBoundImages(video);
      signal.throwIfAborted();
      // At the limit the signal ends the worker thread, whatever it is doing.
      return rasteriser.png({ svg: frameSvg(video, frame), maxPixels: video.size.width * video.size.height, background: video.brand.background, maxWidth: MAX_WIDTH }, signal);
    }
    const bound = bindReportTemplate(body as ReportTemplate, data);
    if (!bound.ok) throw invalidTemplate(bound.problems);
    await assertBoundImages(bound.value);
    signal.throwIfAborted();
    return finviewReportRenderer(fastify).screenshot(bound.value, REPORT_WIDTH, signal);
  }

  /** The work's answer, or 503 past the limit; then the signal stops the work (and work not yet started). */
  function withinLimit<T>(work: (signal: AbortSignal) => Promise<T>): { answer: Promise<T>; done: Promise<unknown> } {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new HttpError(503, 'finviewPreviewBusy'));
      }, LIMIT_MS);
    });
    const done = work(controller.signal);
    return { answer: Promise.race([done, limit]).finally(() => clearTimeout(timer)), done };
  }

  fastify.post(
    '/be-api-management/finview/preview',
    {
      config: { access: { resource: 'templates', action: 'list' } },
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags: ['finview'],
        summary: 'A PNG of the template with real data: a video frame (≤ 960 px wide) or a report’s first page',
        body: Type.Object(
          {
            kind: Type.Enum(['video', 'report']),
            body: Type.Unknown(),
            paramsSchema: Type.Optional(Type.Unknown()),
            bindings: Type.Optional(Type.Unknown()),
            params: Type.Optional(Type.Unknown()),
            at: Type.Optional(Type.Number({ minimum: 0, maximum: 600 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const user = request.actor.id;
      const waitFor = running.get(user) ?? Promise.resolve();
      const { answer, done } = withinLimit((signal) => waitFor.then(() => render(request.body as PreviewInput, signal)));
      // The gate follows the work, not the answer: a 503 at the limit does not let this user's
      // next preview start while the worker is still being stopped.
      const settled = done.then(
        () => undefined,
        () => undefined,
      );
      running.set(user, settled);
      void settled.then(() => {
        if (running.get(user) === settled) running.delete(user);
      });
      const png = await answer;
      return reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(png);
    },
  );
};
