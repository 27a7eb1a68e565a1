// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DashboardPage from '../../../src/pages/dashboard/dashboard-page';
import { durationParts, formatDuration } from '../../../src/pages/dashboard/duration';
import type { AnnouncementStats, NoticeAnswer } from '../../../common/domains/announcements/model';
import { fakeServer, renderPage, waitFor } from './feeds-harness';

// The dashboard asks for notices and the announcements figures only while the area is on;
// notices show by severity for every role; the tile says when nothing was published in 24 h.

const notices: NoticeAnswer[] = [
  { id: 7, title: 'Exchange outage', body: 'NSE feed delayed', severity: 'critical', startsAt: '2026-11-23T00:00:00Z', expiresAt: '2026-11-24T00:00:00Z' },
  { id: 3, title: 'Holiday', body: '', severity: 'info', startsAt: '2026-11-23T00:00:00Z', expiresAt: '2026-11-24T00:00:00Z' },
];
const stats = (count: number): AnnouncementStats => ({
  queue: 12,
  oldestAgeSeconds: 3720,
  unmatched: 4,
  latency: { count, p50Seconds: count ? 95 : null, p95Seconds: count ? 600 : null },
});

function server(published: number) {
  return fakeServer(({ url }) => (url.endsWith('/notices/current') ? notices : url.endsWith('/stats') ? stats(published) : []));
}

describe('dashboard: staff notices and the announcements tile', () => {
  it('shows notices by severity and the figures while the area is on', async () => {
    const { calls, dataProvider } = server(3);
    renderPage(<DashboardPage />, { role: 2, dataProvider });
    await waitFor(() => expect(screen.getByTestId('dashboard-notice-7')).toBeTruthy());
    expect(screen.getByTestId('dashboard-notice-7').className).toContain('ant-alert-error');
    expect(screen.getByTestId('dashboard-notice-3').className).toContain('ant-alert-info');
    expect(screen.getByTestId('dashboard-notices').textContent).toContain('NSE feed delayed');
    await waitFor(() => expect(screen.getByTestId('dashboard-announcements')).toBeTruthy());
    expect(screen.getByTestId('dashboard-announcements-queue').textContent).toContain('12');
    expect(screen.getByTestId('dashboard-announcements-oldest').textContent).toContain('1 hr 2 min');
    expect(screen.getByTestId('dashboard-announcements-unmatched').textContent).toContain('4');
    expect(screen.getByTestId('dashboard-announcements-p50').textContent).toContain('1 min');
    expect(screen.getByTestId('dashboard-announcements-p95').textContent).toContain('10 min');
    expect(calls.map((call) => call.url).sort()).toEqual(['/be-api-management/announcements/notices/current', '/be-api-management/announcements/stats']);
  }, 60_000);

  it('says so when nothing was published in the last 24 h', async () => {
    const { dataProvider } = server(0);
    renderPage(<DashboardPage />, { role: 1, dataProvider });
    await waitFor(() => expect(screen.getByTestId('dashboard-announcements-no-latency').textContent).toContain('No publications in the last 24 h'));
    expect(screen.queryByTestId('dashboard-announcements-p50')).toBeNull();
  }, 60_000);

  it('asks for nothing and shows neither while the area is off', async () => {
    const { calls, dataProvider } = server(3);
    renderPage(<DashboardPage />, { role: 0, dataProvider, announcements: false });
    await waitFor(() => expect(screen.getByText('Welcome, Tester')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('dashboard-notices')).toBeNull();
    expect(screen.queryByTestId('dashboard-announcements')).toBeNull();
  }, 60_000);

  it('shows nothing (no error) when the calls fail', async () => {
    const { dataProvider } = fakeServer(() => {
      throw new Error('Not found');
    });
    renderPage(<DashboardPage />, { role: 2, dataProvider });
    await waitFor(() => expect(screen.getByText('Welcome, Tester')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('dashboard-notices')).toBeNull();
    expect(screen.queryByTestId('dashboard-announcements')).toBeNull();
    expect(document.querySelector('.ant-alert-error')).toBeNull();
  }, 60_000);
});

describe('durations', () => {
  it('keep the two units that matter, in the reader\'s language', () => {
    expect(durationParts(45)).toEqual([{ unit: 'second', value: 45 }]);
    expect(durationParts(-3)).toEqual([{ unit: 'second', value: 0 }]);
    expect(durationParts(59.6)).toEqual([{ unit: 'minute', value: 1 }]);
    expect(durationParts(3720)).toEqual([{ unit: 'hour', value: 1 }, { unit: 'minute', value: 2 }]);
    expect(durationParts(93_600)).toEqual([{ unit: 'day', value: 1 }, { unit: 'hour', value: 2 }]);
    expect(formatDuration(3720, 'en')).toBe('1 hr 2 min');
    expect(formatDuration(3720, 'es')).toBe('1 h 2 min');
    expect(formatDuration(45, 'es')).toBe('45 s');
  });
});
