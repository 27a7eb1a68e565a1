import type { FastifyInstance } from 'fastify';
import { RENDER_QUEUE } from './render/render-queue.js';
import type { JobChange } from '../../lib/jobs/jobs-repository.js';
import type { OutputEvent } from '../../../../common/domains/finview/model.js';
import { REPORT_QUEUE } from './report-queue.js';

// Render jobs' changes as outputs' events (docs/finview.md "Live progress"): the job queue's
// change events (LISTEN/NOTIFY on PostgreSQL, so every instance's renders) with each job's
// output id looked up once and remembered.

const QUEUES = new Set([RENDER_QUEUE, REPORT_QUEUE]);
const REMEMBERED = 5000;

export interface OutputEvents {
  subscribe(listener: (event: OutputEvent) => void): () => void;
}

export function createOutputEvents(fastify: FastifyInstance): OutputEvents {
  const listeners = new Set<(event: OutputEvent) => void>();
  const outputOf = new Map<string, number>();
  let unsubscribe: (() => void) | null = null;
  // One chain: events leave in the order the changes came, whatever each lookup takes.
  let chain: Promise<void> = Promise.resolve();

  async function lookup(jobId: string): Promise<number | null> {
    const known = outputOf.get(jobId);
    if (known !== undefined) return known;
    const { rows } = await fastify.db.query<{ id: number }>('SELECT id::int AS id FROM finview_outputs WHERE job_id = $1', [jobId]);
    const id = rows[0]?.id;
    if (id === undefined) return null;
    if (outputOf.size >= REMEMBERED) outputOf.delete(outputOf.keys().next().value as string);
    outputOf.set(jobId, id);
    return id;
  }

  function onChange(change: JobChange): void {
    if (!QUEUES.has(change.queue) || listeners.size === 0) return;
    chain = chain
      .then(() => lookup(change.id))
      .then((outputId) => {
        if (outputId === null) return;
        const event: OutputEvent = { outputId, jobId: change.id, status: change.status, progress: change.progress };
        for (const listener of listeners) listener(event);
      })
      .catch((error: unknown) => fastify.log.warn({ err: error, jobId: change.id }, 'finview: an output event could not be mapped'));
  }

  return {
    subscribe(listener) {
      // Listening only while someone listens: no lookups for nobody.
      if (listeners.size === 0 && fastify.hasDecorator('jobs')) unsubscribe = fastify.jobs.events.onChange(onChange);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe?.();
          unsubscribe = null;
        }
      };
    },
  };
}
