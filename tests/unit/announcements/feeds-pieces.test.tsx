// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeedLastResultCell } from '../../../src/pages/announcements/feeds/feed-cells';
import { FeedForm } from '../../../src/pages/announcements/feeds/feed-form';
import { feedsApi, pollInterval, POLL_MS } from '../../../src/pages/announcements/feeds/feeds-api';
import { FeedRunNowAction } from '../../../src/pages/announcements/feeds/run-now-action';
import { FeedRunReportPanel } from '../../../src/pages/announcements/feeds/run-report-panel';
import { announcementFeeds } from '../../../common/resources/announcement-feeds';
import { ApiError } from '../../../src/providers/http-error';
import type { FeedAnswer, FeedRunAnswer } from '../../../common/domains/announcements/model';
import { fakeServer, renderPage, waitFor } from './feeds-harness';

// The feeds' own pieces on the generic pages: the last-result cell, the run report panel (a
// run's problems open with their reasons in the reader's words), Run now (Admin+ only: it posts,
// and the runs are re-read while a run runs), and the feed form, which puts the server's 422
// reasons on its fields. The list, show page, edit and delete buttons are the generic pages'.

const run = (id: number, status: FeedRunAnswer['status'], extra: Partial<FeedRunAnswer> = {}): FeedRunAnswer => ({
  id, feedId: 1, feedName: 'BSE corporate', source: 'BSE', trigger: 'manual', status, startedAt: '2026-11-23T10:00:00Z',
  finishedAt: status === 'running' ? null : '2026-11-23T10:00:05Z', entries: 10, inserted: 6, known: 2, grouped: 1, unmatched: 3,
  malformed: 2, attachmentsFailed: 1, problems: [], error: null, createdBy: null, ...extra,
});
const feed = (lastRun: FeedRunAnswer | null): FeedAnswer => ({
  id: 1, source: 'BSE', name: 'BSE corporate', url: 'https://bse.example/feed.json', attachmentBase: 'https://bse.example/att/',
  cron: '*/15 * * * *', timezone: 'Asia/Kolkata', enabled: true, lastRunAt: lastRun?.startedAt ?? null, nextRunAt: '2026-11-23T10:15:00Z',
  lastRun, createdBy: null, version: 3, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
});
const finished = run(8, 'succeeded', {
  problems: [
    { index: 4, sourceId: 'N-77', reason: 'entryTooLong', field: 'NEWSSUB', params: { limit: 500 } } as FeedRunAnswer['problems'][number],
    { index: 9, sourceId: null, reason: 'entryMissing', field: 'NEWSID' },
  ],
});

const lastResultField = announcementFeeds.fields?.find((field) => field.name === 'lastRun');
if (!lastResultField) throw new Error('announcement-feeds has no lastRun field');

/** What a User or an Admin sees of one feed: its last result, its Run now, and its run report. */
function FeedPieces({ of }: { of: FeedAnswer }) {
  return (
    <div data-testid={`feed-row-${of.id}`}>
      <span>{of.cron}</span>
      {of.lastRun ? <FeedLastResultCell value={of.lastRun} field={lastResultField as NonNullable<typeof lastResultField>} record={of} definition={announcementFeeds} /> : <span>Never run</span>}
      <FeedRunNowAction record={of} definition={announcementFeeds} place="row" onDone={() => undefined} />
      <FeedRunReportPanel record={of} definition={announcementFeeds} />
    </div>
  );
}

describe('feeds pieces', () => {
  it('shows a User the feeds and runs without write buttons, and a run\'s problems in words', async () => {
    const { dataProvider } = fakeServer(({ url }) => (url.includes('/runs') ? [finished] : [feed(finished)]));
    renderPage(<FeedPieces of={feed(finished)} />, { role: 2, dataProvider });
    await waitFor(() => expect(screen.getByTestId('feed-row-1')).toBeTruthy());
    expect(screen.getByTestId('feed-row-1').textContent).toContain('*/15 * * * *');
    expect(screen.getByTestId('feed-last-run-1').textContent).toContain('Entries: 10 · new: 6 · malformed: 2');
    expect(screen.queryByTestId('feed-run-now-1')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('feed-run-row-8')).toBeTruthy());
    expect(screen.getByTestId('feed-run-8-attachmentsFailed').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('feed-run-problems-toggle-8'));
    await waitFor(() => expect(screen.getByTestId('feed-run-problems-8')).toBeTruthy());
    const problems = screen.getByTestId('feed-run-problems-8').textContent ?? '';
    expect(problems).toContain('is longer than 500 characters');
    expect(problems).toContain('N-77');
    expect(problems).toContain('NEWSID');
    expect(screen.getByTestId('feed-run-problem-8-4').textContent).toContain('5');
  }, 60_000);

  it('lets an Admin run a feed now, then re-reads the runs while one runs', async () => {
    let started = false;
    const { calls, dataProvider } = fakeServer(({ url, method }) => {
      if (method === 'post') {
        started = true;
        return { message: 'The feed run has been queued.', code: 'feedRunQueued' };
      }
      if (url.includes('/runs')) return started ? [run(9, 'running'), finished] : [finished];
      return [feed(started ? run(9, 'running') : finished)];
    });
    renderPage(<FeedPieces of={feed(finished)} />, { role: 1, dataProvider });
    await waitFor(() => expect(screen.getByTestId('feed-run-now-1')).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByTestId('feed-run-now-1')));
    await waitFor(() => expect(calls.some((call) => call.method === 'post' && call.url === '/be-api-management/announcements/feeds/1/run')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('feed-run-row-9').getAttribute('data-status')).toBe('running'));
    const reads = calls.filter((call) => call.url.includes('/runs')).length;
    await waitFor(() => expect(calls.filter((call) => call.url.includes('/runs')).length).toBeGreaterThan(reads));
  }, 60_000);

  it('says why a run failed, in the reader\'s language, on the feed and in the runs', async () => {
    const failed = run(10, 'failed', { error: 'feedFileUnreadable', entries: 0, inserted: 0, known: 0, grouped: 0, unmatched: 0, malformed: 0, attachmentsFailed: 0 });
    for (const [language, words] of [
      ['en', "The feed's file could not be read"],
      ['es', 'No se pudo leer el archivo de la fuente'],
    ] as const) {
      const { dataProvider } = fakeServer(({ url }) => (url.includes('/runs') ? [failed] : [feed(failed)]));
      const { unmount } = renderPage(<FeedPieces of={feed(failed)} />, { role: 2, dataProvider, language });
      await waitFor(() => expect(screen.getByTestId('feed-run-row-10')).toBeTruthy());
      expect(screen.getByTestId('feed-last-run-1').textContent).toContain(words);
      expect(screen.getByTestId('feed-run-row-10').textContent).toContain(words);
      unmount();
    }
  }, 60_000);

  it('puts the server\'s field reasons on the form\'s fields', async () => {
    const { calls, dataProvider } = fakeServer(({ url, method }) => {
      if (url.includes('/runs')) return [];
      if (method === 'put') {
        throw new ApiError('Check the highlighted fields.', 422, { errors: { cron: 'must be a cron expression of five fields, such as 0 9 * * 1-5' } });
      }
      return [feed(null)];
    });
    renderPage(<FeedPieces of={feed(null)} />, { role: 0, dataProvider });
    await waitFor(() => expect(screen.getByTestId('feed-run-now-1')).toBeTruthy());
    expect(screen.getByTestId('feed-row-1').textContent).toContain('Never run');
    cleanup();
    renderPage(<FeedForm feed={feed(null)} title="Edit feed" onCancel={() => undefined} onSaved={() => undefined} />, { role: 0, dataProvider });
    await waitFor(() => expect((document.querySelector('#feed-name') as HTMLInputElement).value).toBe('BSE corporate'));
    await act(async () => fireEvent.click(screen.getByTestId('feed-form-save')));
    await waitFor(() => expect(screen.getByTestId('feed-form').textContent).toContain('must be a cron expression of five fields'));
    const put = calls.find((call) => call.method === 'put');
    expect(put?.url).toBe('/be-api-management/announcements/feeds/1');
    expect(put?.payload).toMatchObject({ name: 'BSE corporate', cron: '*/15 * * * *', version: 3, enabled: true });
  }, 60_000);
});

describe('feeds api', () => {
  it('builds the calls under the endpoint', () => {
    const api = feedsApi('/x/feeds');
    expect(api.runs()).toBe('/x/feeds/runs?pageSize=50');
    expect(api.runs(4)).toBe('/x/feeds/runs?pageSize=50&feedId=4');
    expect(api.run(4)).toBe('/x/feeds/4/run');
  });

  it('polls only while a run runs or a Run now waits for its run', () => {
    const now = 1_000_000;
    expect(pollInterval([finished], [feed(finished)], 0, now)).toBe(false);
    expect(pollInterval([run(9, 'running')], [], 0, now)).toBe(POLL_MS);
    expect(pollInterval([], [feed(run(9, 'running'))], 0, now)).toBe(POLL_MS);
    expect(pollInterval([], [], now + 1, now)).toBe(POLL_MS);
    expect(pollInterval([], [], now, now)).toBe(false);
  });
});
