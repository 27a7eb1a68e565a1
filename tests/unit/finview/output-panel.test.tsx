// @vitest-environment jsdom
import { useOne, type BaseRecord } from '@refinedev/core';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { videos } from '../../../common/resources/videos';
import type { OutputAnswer } from '../../../common/domains/finview/model';
import { createI18n } from '../../../src/i18n/i18n';
import { OutputPanel } from '../../../src/pages/finview/videos/output-panel';
import { DurationCell, OriginCell } from '../../../src/pages/finview/videos/output-cells';
import { FakeEventSource, provider, renderRoute, waitFor } from './harness';

// An output's panel on the generic show page: its status follows the event stream, and a
// finished render of this output (not another's) reads the record again (no polling). And the
// list's own cells: who or what made it, the duration.

const row = {
  id: 7, kind: 'video', title: 'Daily prices', templateName: 'Prices', status: 'running', progress: 10, jobId: 'job-7', origin: 'rule',
  rule: { id: 3, name: 'Every morning' }, createdBy: { id: 5, username: 'asha' }, durationSeconds: null, hasPoster: false,
  createdAt: '2026-11-23T10:00:00Z', approval: 'none', version: 1, error: null,
} as unknown as OutputAnswer;

function Shown() {
  const { result } = useOne<BaseRecord>({ resource: 'videos', id: 7 });
  return result?.id ? <OutputPanel record={result} definition={videos} /> : null;
}

describe('finview output panel', () => {
  beforeEach(() => FakeEventSource.install());
  afterEach(() => FakeEventSource.remove());

  it('shows live progress and reads the output again when its render ends', async () => {
    let reads = 0;
    let current = row;
    const server = provider({
      getOne: async () => {
        reads += 1;
        return { data: current as never };
      },
      custom: async ({ url }) => ({ data: (url.endsWith('/events/ticket') ? { url: `/be-api-management/finview/events?ticket=${FakeEventSource.made.length}` } : {}) as never }),
    });
    renderRoute('/finview/videos/show/:id', '/finview/videos/show/7', <Shown />, server);
    await waitFor(() => expect(screen.getByTestId('finview-status-7').textContent).toBe('Rendering 10 %'));
    expect(screen.getByTestId('finview-cancel')).toBeTruthy();

    const stream = await FakeEventSource.opened();
    act(() => stream.emit({ outputId: 7, jobId: 'job-7', status: 'running', progress: 65 }));
    await waitFor(() => expect(screen.getByTestId('finview-status-7').textContent).toBe('Rendering 65 %'));
    const before = reads;
    // Another output's end reads nothing.
    act(() => stream.emit({ outputId: 99, jobId: 'job-99', status: 'succeeded', progress: 100 }));
    current = { ...row, status: 'failed', progress: 40, error: 'ffmpeg exited 1' } as OutputAnswer;
    act(() => stream.emit({ outputId: 7, jobId: 'job-7', status: 'failed', progress: 40 }));
    await waitFor(() => expect(screen.getByTestId('finview-retry')).toBeTruthy());
    expect(reads).toBe(before + 1);
    expect(screen.getByText('ffmpeg exited 1')).toBeTruthy();
  }, 60_000);

  it('draws the origin and the duration cells', () => {
    const field = videos.fields?.find((candidate) => candidate.name === 'origin');
    if (!field) throw new Error('no origin field');
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <OriginCell value="rule" field={field} record={row as unknown as BaseRecord} />
        <DurationCell value={75} field={field} record={row as unknown as BaseRecord} />
      </I18nextProvider>,
    );
    expect(screen.getByText('Rule: Every morning')).toBeTruthy();
    expect(screen.getByText('1:15')).toBeTruthy();
  });
});
