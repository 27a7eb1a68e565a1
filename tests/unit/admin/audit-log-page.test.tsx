// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AuditLogPage from '../../../src/pages/admin/audit-log-page';
import { provider, renderRoute, waitFor } from '../finview/harness';

const record = (id: number) => ({ id: String(id), at: '2026-11-01T10:00:00Z', actorId: '1', actorUsername: 'admin', entity: 'news', entityId: String(id), action: 'status', before: null, after: null });

describe('audit log page', () => {
  it('says "at least" when the server stopped counting, and the exact total otherwise', async () => {
    renderRoute('/audit', '/audit', <AuditLogPage />, provider({ getList: async () => ({ data: Array.from({ length: 20 }, (_, index) => record(index + 1)), total: 10_000, capped: true }) as never }));
    await waitFor(() => expect(screen.getByText(/^at least 10,?000 records$/)).toBeTruthy());
  }, 60_000);

  it('shows an exact total as it is', async () => {
    renderRoute('/audit', '/audit', <AuditLogPage />, provider({ getList: async () => ({ data: [record(1), record(2)], total: 2, capped: false }) as never }));
    await waitFor(() => expect(screen.getByText('2 records')).toBeTruthy());
  }, 60_000);
});
