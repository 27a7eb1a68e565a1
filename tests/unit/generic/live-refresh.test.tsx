// @vitest-environment jsdom
import { Refine, useList, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TicketedStream } from '../../../src/pages/live-stream';
import { staffNotices } from '../../../common/resources/staff-notices';
import { videos } from '../../../common/resources/videos';

// A list with a live channel re-reads itself on the stream's events, once per burst.

const streams: TicketedStream[] = [];
vi.mock('../../../src/pages/live-stream', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/pages/live-stream')>()),
  useTicketedStream: (stream: TicketedStream) => {
    streams.push(stream);
    return true;
  },
}));
vi.mock('../../../src/registry/resource-urls', () => ({ useEndpointPath: () => '/be-api-management/announcements/notices' }));

const { LiveRefresh, LIVE_COALESCE_MS, eventKey } = await import('../../../src/pages/generic/live-refresh');

function List() {
  useList({ resource: 'staff-notices' });
  return null;
}

/** A data provider that counts the list reads. */
function countingProvider(): { provider: DataProvider; reads(): number } {
  let reads = 0;
  const provider: DataProvider = {
    getApiUrl: () => '/api',
    getList: async () => {
      reads += 1;
      return { data: [], total: 0 };
    },
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
  };
  return { provider, reads: () => reads };
}

describe('live refresh', () => {
  it('listens on {endpoint}/events for its channel and re-reads the list once per burst of events', async () => {
    const { provider, reads } = countingProvider();
    render(
      <MemoryRouter>
        <Refine dataProvider={provider} routerProvider={routerProvider} resources={[{ name: 'staff-notices', list: '/notices' }]} options={{ disableTelemetry: true }}>
          <List />
          <LiveRefresh definition={staffNotices} channel="notices" />
        </Refine>
      </MemoryRouter>,
    );
    await waitFor(() => expect(reads()).toBe(1));
    const stream = streams.at(-1) as TicketedStream;
    expect(stream.ticketUrl).toBe('/be-api-management/announcements/notices/events/ticket');
    expect(stream.event).toBe('notices');

    vi.useFakeTimers();
    try {
      for (let event = 0; event < 50; event += 1) stream.onMessage('{}');
      await act(async () => vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS - 100));
      expect(reads()).toBe(1);
      await act(async () => vi.advanceTimersByTimeAsync(200));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(reads()).toBe(2));
    // Nothing more comes of that burst.
    await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS + 200));
    expect(reads()).toBe(2);
  });

  it('does not re-read for an event that differs from one seen only in fields the list ignores (a render\'s progress)', () => {
    expect(videos.list?.liveIgnores).toEqual(['progress']);
    const running = (progress: number) => JSON.stringify({ outputId: 7, jobId: 'j', status: 'running', progress });
    expect(eventKey(running(10), ['progress'])).toBe(eventKey(running(55), ['progress']));
    expect(eventKey(JSON.stringify({ status: 'running', outputId: 7, jobId: 'j', progress: 1 }), ['progress'])).toBe(eventKey(running(1), ['progress']));
    expect(eventKey(running(100), ['progress'])).not.toBe(eventKey(JSON.stringify({ outputId: 7, jobId: 'j', status: 'done', progress: 100 }), ['progress']));
    expect(eventKey('not json', ['progress'])).toBeUndefined();
  });

  it('re-reads a list that ignores progress once for a render\'s many progress events, and again when its status changes', async () => {
    const { provider, reads } = countingProvider();
    function Videos() {
      useList({ resource: 'videos' });
      return null;
    }
    render(
      <MemoryRouter>
        <Refine dataProvider={provider} routerProvider={routerProvider} resources={[{ name: 'videos', list: '/videos' }]} options={{ disableTelemetry: true }}>
          <Videos />
          <LiveRefresh definition={videos} channel="output" />
        </Refine>
      </MemoryRouter>,
    );
    await waitFor(() => expect(reads()).toBe(1));
    const stream = streams.at(-1) as TicketedStream;
    const event = (status: string, progress: number) => JSON.stringify({ outputId: 3, jobId: 'a', status, progress });
    vi.useFakeTimers();
    try {
      // Seconds of a render: the first event re-reads (the row turns "running"), its progress does not.
      for (let second = 0; second < 5; second += 1) {
        for (let tick = 0; tick < 10; tick += 1) stream.onMessage(event('running', second * 10 + tick));
        await act(async () => vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS + 50));
      }
      expect(reads()).toBe(2);
      stream.onMessage(event('done', 100));
      await act(async () => vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS + 50));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(reads()).toBe(3));
  });
});
