import { expect, it } from 'vitest';
import { recordAudit, recordAudits } from '../../../server/src/lib/audit';
import { describeEachDatabase } from '../helper';

describeEachDatabase('audit log', (ctx) => {
  it('commits with the change and rolls back with it', async () => {
    const { db } = await ctx.build();
    await db.transaction((tx) =>
      recordAudit(tx, { actor: null, entity: 'company', entityId: '7', action: 'update', before: { a: 1 }, after: { a: 2 } }),
    );
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actor: null, entity: 'company', entityId: '8', action: 'update' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await ctx.sql(`SELECT entity_id, before, after FROM audit_log WHERE entity = 'company' ORDER BY id`);
    expect(rows).toEqual([{ entity_id: '7', before: { a: 1 }, after: { a: 2 } }]);
  });

  it('records many entries of one action in one statement', async () => {
    const { db } = await ctx.build();
    await db.transaction((tx) =>
      recordAudits(tx, [
        { actor: null, entity: 'news', entityId: 'n1', action: 'status', after: { status: 'APPROVED' } },
        { actor: null, entity: 'news', entityId: 'n2', action: 'status', after: { status: 'APPROVED' } },
      ]),
    );
    const rows = await ctx.sql(`SELECT count(*)::int AS count FROM audit_log WHERE entity = 'news'`);
    expect(rows).toEqual([{ count: 2 }]);
  });
});
