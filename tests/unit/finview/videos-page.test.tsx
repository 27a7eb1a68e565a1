// @vitest-environment jsdom
import type { GetListParams } from '@refinedev/core';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import VideosPage from '../../../src/pages/finview/videos-page';
import { approveBlock } from '../../../src/pages/finview/videos/output-show';
import type { OutputAnswer } from '../../../common/domains/finview/model';
import { FakeEventSource, provider, renderRoute, waitFor } from './harness';

// The videos list: filters from the URL go to the server, a row's status follows the event
// stream, and a finished render on the page fetches the page again (no polling).

const row = {
  id: 7, kind: 'video', title: 'Daily prices', templateName: 'Prices', status: 'running', progress: 10, jobId: 'job-7', origin: 'rule',
  rule: { id: 3, name: 'Every morning' }, createdBy: { id: 5, username: 'asha' }, durationSeconds: null, hasPoster: false,
  createdAt: '2026-11-23T10:00:00Z', approval: 'none', version: 1,
} as unknown as OutputAnswer;

describe('finview videos list', () => {
  beforeEach(() => FakeEventSource.install());
  afterEach(() => FakeEventSource.remove());

  it('shows live progress, fetches the page again when its render ends, and reopens a broken stream', async () => {
    const lists: GetListParams[] = [];
    let current = row;
    const server = provider({
      getList: async (params) => {
        lists.push(params);
        return { data: [current] as never, total: 1 };
      },
      custom: async ({ url }) => ({ data: (url.endsWith('/events/ticket') ? { url: `/be-api-management/finview/events?ticket=${FakeEventSource.made.length}` } : {}) as never }),
    });
    const url = '/finview/videos?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=running';
    renderRoute('/finview/videos', url, <VideosPage route={{ path: '/finview/videos', resource: 'videos', action: 'list', page: 'finview-videos' }} />, server);
    await waitFor(() => expect(screen.getByTestId('finview-status-7').textContent).toBe('Rendering 10 %'));
    expect(lists[0]?.filters).toContainEqual({ field: 'status', operator: 'eq', value: 'running' });
    expect(screen.getByText('Rule: Every morning')).toBeTruthy();

    const stream = await FakeEventSource.opened();
    act(() => stream.emit({ outputId: 7, jobId: 'job-7', status: 'running', progress: 65 }));
    await waitFor(() => expect(screen.getByTestId('finview-status-7').textContent).toBe('Rendering 65 %'));
    const fetched = lists.length;
    // Another page's output ending fetches nothing.
    act(() => stream.emit({ outputId: 99, jobId: 'job-99', status: 'succeeded', progress: 100 }));
    current = { ...row, status: 'succeeded', progress: 100, durationSeconds: 75 };
    act(() => stream.emit({ outputId: 7, jobId: 'job-7', status: 'succeeded', progress: 100 }));
    await waitFor(() => expect(screen.getByText('1:15')).toBeTruthy());
    expect(lists.length).toBe(fetched + 1);
    expect(screen.getByTestId('finview-status-7').getAttribute('data-status')).toBe('succeeded');

    // A broken stream is closed and opened again with a fresh ticket; what the break hid is fetched once.
    act(() => stream.onerror?.());
    const again = await waitFor(() => FakeEventSource.made[1] ?? Promise.reject(new Error('not reopened')));
    expect(again.url).not.toBe(stream.url);
    const before = lists.length;
    act(() => again.onopen?.());
    await waitFor(() => expect(lists.length).toBe(before + 1));
  }, 60_000);

  it('says why approve is off', () => {
    const output = { status: 'succeeded', approval: 'none', createdBy: { id: 5, username: 'asha' } } as const;
    expect(approveBlock(output, 2, '9')).toBe('finviewVideos.why.admin');
    expect(approveBlock(output, 1, '5')).toBe('finviewVideos.why.maker');
    expect(approveBlock({ ...output, status: 'running' }, 0, '9')).toBe('finviewVideos.why.notReady');
    expect(approveBlock({ ...output, approval: 'approved' }, 0, '9')).toBe('finviewVideos.why.approved');
    expect(approveBlock(output, 1, '9')).toBeNull();
  });
});
