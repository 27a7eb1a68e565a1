import { eventObject } from '../../live-stream';
import { FINISHED_STATUSES, OUTPUT_STATUSES, type OutputAnswer, type OutputEvent } from '../../../../common/domains/finview/model';

// What the server-sent events (`event: output`, docs/finview.md "Live progress") say of each
// output, folded into a map the pages read over the rows they fetched. Events of one job may
// arrive late or twice (several instances, a reconnect): a finished job keeps its end unless
// it is queued again (retry), and progress within one status never goes back.

export type LiveOutputs = ReadonlyMap<number, OutputEvent>;

const finished = (status: OutputEvent['status']) => FINISHED_STATUSES.includes(status);

/** The event from one SSE message's data, or null for anything that is not one. */
export function parseOutputEvent(data: unknown): OutputEvent | null {
  const value = eventObject(data);
  if (!value) return null;
  const { outputId, jobId, status, progress } = value;
  if (typeof outputId !== 'number' || !Number.isInteger(outputId)) return null;
  if (typeof status !== 'string' || !OUTPUT_STATUSES.includes(status as OutputEvent['status'])) return null;
  const percent = typeof progress === 'number' && Number.isFinite(progress) ? Math.min(100, Math.max(0, progress)) : 0;
  return { outputId, jobId: typeof jobId === 'string' ? jobId : String(jobId ?? ''), status: status as OutputEvent['status'], progress: percent };
}

/** Whether `next` replaces `current` as what is known of the output. */
export function supersedes(current: OutputEvent | undefined, next: OutputEvent): boolean {
  if (!current) return true;
  if (current.jobId !== next.jobId) return true;
  if (finished(current.status)) return next.status === 'queued';
  if (current.status === next.status) return next.progress >= current.progress;
  // queued -> running -> finished; a queued after running is a retry of the attempt.
  return true;
}

/** The map after one event (the same map when the event changes nothing, so React skips a render). */
export function reduceOutputEvent(state: LiveOutputs, event: OutputEvent): LiveOutputs {
  const current = state.get(event.outputId);
  if (!supersedes(current, event)) return state;
  if (current && current.status === event.status && current.progress === event.progress && current.jobId === event.jobId) return state;
  const next = new Map(state);
  next.set(event.outputId, event);
  return next;
}

/**
 * A fetched row with what the events say since. An event of another job wins only over a
 * finished row (a retry's new job the row predates); of the row's own job, as `supersedes` says.
 */
export function withLive<T extends Pick<OutputAnswer, 'id' | 'jobId' | 'status' | 'progress'>>(output: T, live: LiveOutputs): T {
  const event = live.get(output.id);
  if (!event) return output;
  if (event.jobId !== output.jobId) return finished(output.status) ? { ...output, status: event.status, progress: event.progress } : output;
  const asEvent: OutputEvent = { outputId: output.id, jobId: output.jobId, status: output.status, progress: output.progress };
  if (!supersedes(asEvent, event)) return output;
  return { ...output, status: event.status, progress: event.progress };
}

/** Whether an event tells of an end the page should refetch for (size, duration, poster). */
export function isFinishedEvent(event: OutputEvent): boolean {
  return finished(event.status);
}
