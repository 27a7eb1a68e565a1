// @vitest-environment jsdom
import { Refine, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import { QueueTiles, queuesForRole } from '../../../src/pages/dashboard/queue-tiles';
import { staffNotices } from '../../../common/resources/staff-notices';
import type { ResourceDefinition } from '../../../common/resources/types';

// The dashboard's work queues: which a role sees, and a tile's count and link from the list
// endpoint asked for one row with the queue's filters.

const notices: ResourceDefinition = {
  ...staffNotices,
  minRole: 1,
  queues: [
    { key: 'critical', labelKey: 'staffNotices.severity.critical', filters: { severity: 'critical' } },
    { key: 'all', labelKey: 'staffNotices.severity.info', filters: {}, minRole: 0 },
  ],
};

describe('dashboard queues', () => {
  it('shows a role the queues of the resources it may list, each within its own role', () => {
    expect(queuesForRole([notices], 2)).toEqual([]);
    expect(queuesForRole([notices], 1).map(({ queue }) => queue.key)).toEqual(['critical']);
    expect(queuesForRole([notices], 0).map(({ queue }) => queue.key)).toEqual(['critical', 'all']);
    expect(queuesForRole([notices], null)).toEqual([]);
  });

  it('counts a queue with one row asked for and links to the list filtered so', async () => {
    const asked: unknown[] = [];
    const provider: DataProvider = {
      getApiUrl: () => '/api',
      getList: async (params) => {
        asked.push({ pagination: params.pagination, filters: params.filters });
        return { data: [{ id: 1 }] as never[], total: 12345 };
      },
      getOne: async () => ({ data: {} as never }),
      create: async () => ({ data: {} as never }),
      update: async () => ({ data: {} as never }),
      deleteOne: async () => ({ data: {} as never }),
    };
    render(
      <I18nextProvider i18n={createI18n('es')}>
        <MemoryRouter>
          <Refine dataProvider={provider} routerProvider={routerProvider} resources={[{ name: 'staff-notices', list: '/notices' }]} options={{ disableTelemetry: true }}>
            <QueueTiles queues={queuesForRole([notices], 1)} />
          </Refine>
        </MemoryRouter>
      </I18nextProvider>,
    );
    const count = await screen.findByTestId('dashboard-queue-staff-notices-critical-count');
    await waitFor(() => expect(count.textContent).toBe('12.345'));
    expect(asked).toEqual([{ pagination: { currentPage: 1, pageSize: 1, mode: 'server' }, filters: [{ field: 'severity', operator: 'eq', value: 'critical' }] }]);
    const link = screen.getByRole('link', { name: /Ver la lista/ });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('/notices?filters[0][field]=severity&filters[0][operator]=eq&filters[0][value]=critical');
  });
});
