// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GenericList from '../../../src/pages/generic/generic-list';
import { auditLog } from '../../../common/resources/audit-log';
import type { RouteSpec } from '../../../common/resources/generate';
import { provider, renderRoute, waitFor } from '../finview/harness';

// The audit log on the generic list: a total the server stopped counting (x-total-capped) reads "at least".

const record = (id: number) => ({ id: String(id), at: '2026-11-01T10:00:00Z', actorId: '1', actorUsername: 'admin', entity: 'news', entityId: String(id), action: 'status', before: null, after: null });
const route = { resource: 'audit-log', action: 'list', path: '/audit', page: 'audit-log' } as unknown as RouteSpec;
const list = <GenericList definition={auditLog} route={route} />;
// The list's own calls (saved views, column preferences) find none.
const custom = async () => ({ data: [] as never });

describe('audit log list', () => {
  it('says "at least" when the server stopped counting, and the exact total otherwise', async () => {
    renderRoute('/audit', '/audit', list, provider({ getList: async () => ({ data: Array.from({ length: 20 }, (_, index) => record(index + 1)), total: 10_000, capped: true }) as never, custom }));
    await waitFor(() => expect(screen.getByText(/^at least 10,?000 records$/)).toBeTruthy());
  }, 60_000);

  it('shows an exact total as it is', async () => {
    renderRoute('/audit', '/audit', list, provider({ getList: async () => ({ data: [record(1), record(2)], total: 2, capped: false }) as never, custom }));
    await waitFor(() => expect(screen.getByText('2 records')).toBeTruthy());
  }, 60_000);
});
