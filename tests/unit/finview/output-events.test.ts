import { describe, expect, it } from 'vitest';
import type { OutputEvent } from '../../../common/domains/finview/model';
import { parseOutputEvent, reduceOutputEvent, withLive, type LiveOutputs } from '../../../src/pages/finview/videos/output-events';

const event = (status: OutputEvent['status'], progress = 0, jobId = 'j1', outputId = 1): OutputEvent => ({ outputId, jobId, status, progress });
const fold = (...events: OutputEvent[]) => events.reduce<LiveOutputs>(reduceOutputEvent, new Map());

describe('finview output events', () => {
  it('parses the event data and refuses anything else', () => {
    expect(parseOutputEvent('{"outputId":3,"jobId":"a","status":"running","progress":140}')).toEqual({ outputId: 3, jobId: 'a', status: 'running', progress: 100 });
    expect(parseOutputEvent('not json')).toBeNull();
    expect(parseOutputEvent('{"outputId":"3","status":"running"}')).toBeNull();
    expect(parseOutputEvent('{"outputId":3,"status":"exploded"}')).toBeNull();
  });

  it('follows a job from queued to its end', () => {
    const state = fold(event('queued'), event('running', 10), event('running', 55), event('succeeded', 100));
    expect(state.get(1)).toEqual(event('succeeded', 100));
  });

  it('ignores late progress and a second end of a finished job', () => {
    const state = fold(event('running', 60), event('running', 40), event('failed', 60), event('running', 70), event('succeeded', 100));
    expect(state.get(1)).toEqual(event('failed', 60));
  });

  it('takes a retry (queued again, or a new job) after the end', () => {
    expect(fold(event('failed', 30), event('queued')).get(1)?.status).toBe('queued');
    expect(fold(event('cancelled', 30), event('running', 5, 'j2')).get(1)).toEqual(event('running', 5, 'j2'));
  });

  it('keeps the same map when nothing changes', () => {
    const state = fold(event('running', 20));
    expect(reduceOutputEvent(state, event('running', 20))).toBe(state);
    expect(reduceOutputEvent(state, event('running', 10))).toBe(state);
  });

  it('lays events over fetched rows', () => {
    const row = { id: 1, jobId: 'j1', status: 'queued' as const, progress: 0, title: 'x' };
    expect(withLive(row, fold(event('running', 42)))).toMatchObject({ status: 'running', progress: 42, title: 'x' });
    expect(withLive({ ...row, status: 'succeeded', progress: 100 }, fold(event('running', 42)))).toMatchObject({ status: 'succeeded' });
    expect(withLive({ ...row, status: 'failed' }, fold(event('running', 5, 'j2')))).toMatchObject({ status: 'running', progress: 5 });
    expect(withLive(row, fold(event('failed', 5, 'j0')))).toBe(row);
    expect(withLive(row, new Map())).toBe(row);
  });
});
