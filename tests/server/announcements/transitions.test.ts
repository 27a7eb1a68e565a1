import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model.js';
import type { WorkflowTransitionedEvent } from '../../../server/src/lib/domain-events';
import { describeEachDatabase, type Session, type SuiteContext } from '../helper';
import { insertAnnouncement, insertGroup, review, reviewers, statusOf, versionOf } from './review-helper';

// The review decisions on the generic workflow routes (common/resources/announcements.ts,
// server/src/modules/announcements/transition-store.ts): every role decides (the queue's rule),
// a stale version and a missing reason are refused, bulk answers per row, the audit rows are the
// decision routes' (entity announcement, before and after), each transition's event fires once,
// and another reviewer's soft lock refuses the move (409 announcementLocked, as the legacy routes).

type BulkRow = { id: string; ok: true; record: AnnouncementDetail } | { id: string; ok: false; code: string; params?: Record<string, unknown> };

/** Each event as an audit row of its own, in the transition's transaction (a rollback takes it back). */
function listen(app: FastifyInstance): void {
  app.domainEvents.on('workflow.transitioned', async (tx, events: ReadonlyArray<WorkflowTransitionedEvent>) => {
    for (const event of events) {
      await tx.query(`INSERT INTO audit_log (entity, entity_id, action, after) VALUES ('test-event', $1, $2, $3::jsonb)`, [event.id, event.event, JSON.stringify(event)]);
    }
  });
}

async function events(suite: SuiteContext, id: number): Promise<string[]> {
  const rows = await suite.sql<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'test-event' AND entity_id = $1 ORDER BY id`, [String(id)]);
  return rows.map((row) => row.action);
}

async function transition(suite: SuiteContext, app: FastifyInstance, session: Session, id: number, name: string, body: object = {}) {
  return review(app, session, 'POST', `/${id}/transitions/${name}`, { version: await versionOf(suite, id), ...body });
}

describeEachDatabase('announcement decisions as workflow transitions', (suite) => {
  it('publishes, suppresses with a reason, reopens and retracts with words: any role, version and state checked, audited, one event each', { timeout: 120_000 }, async () => {
    const { app, analyst } = await reviewers(suite);
    listen(app);
    const id = await insertAnnouncement(suite);

    // A User (the least role) decides, as on the queue; a stale version and a missing or unknown reason are refused.
    const stale = await review(app, analyst, 'POST', `/${id}/transitions/publish`, { version: (await versionOf(suite, id)) + 1 });
    expect([stale.statusCode, stale.json<{ code: string }>().code]).toEqual([409, 'staleEdit']);
    const noReason = await transition(suite, app, analyst, id, 'suppress');
    expect([noReason.statusCode, noReason.json<{ reasons: unknown }>().reasons]).toEqual([422, { reason: { code: 'required' } }]);
    const badReason = await transition(suite, app, analyst, id, 'suppress', { reason: 'boring' });
    expect(badReason.statusCode).toBe(422);
    const notPublished = await transition(suite, app, analyst, id, 'retract', { comment: 'wrong company' });
    expect([notPublished.statusCode, notPublished.json<{ code: string }>().code]).toEqual([409, 'transitionNotAllowed']);

    const suppressed = await transition(suite, app, analyst, id, 'suppress', { reason: 'irrelevant' });
    expect(suppressed.statusCode, suppressed.body).toBe(200);
    expect(suppressed.json<AnnouncementDetail>()).toMatchObject({ id, status: 'suppressed', suppressReason: 'irrelevant', decidedBy: { username: 'analyst' } });
    const reopened = await transition(suite, app, analyst, id, 'reopen');
    expect(reopened.json<AnnouncementDetail>()).toMatchObject({ status: 'needs_review', suppressReason: null });
    const published = await transition(suite, app, analyst, id, 'publish');
    expect(published.json<AnnouncementDetail>()).toMatchObject({ status: 'published', publishedBy: { username: 'analyst' } });
    const noWords = await transition(suite, app, analyst, id, 'retract');
    expect([noWords.statusCode, noWords.json<{ reasons: unknown }>().reasons]).toEqual([422, { comment: { code: 'required' } }]);
    const retracted = await transition(suite, app, analyst, id, 'retract', { comment: ' The exchange withdrew it ' });
    expect(retracted.json<AnnouncementDetail>()).toMatchObject({ status: 'retracted', retractReason: 'The exchange withdrew it' });

    const audit = await suite.sql<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'announcement' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.map((row) => row.action)).toEqual(['suppress', 'reopen', 'publish', 'retract']);
    expect(audit[0]?.before).toMatchObject({ status: 'needs_review' });
    expect(audit[0]?.after).toMatchObject({ status: 'suppressed', suppressReason: 'irrelevant', reason: 'irrelevant' });
    expect(audit[3]?.after).toMatchObject({ status: 'retracted', retractReason: 'The exchange withdrew it' });
    expect(audit.every((row) => !('lock' in row.after) && !('members' in row.after))).toBe(true);
    // Each transition's event once; the refusals fired none.
    expect(await events(suite, id)).toEqual(['announcement.suppressed', 'announcement.reopened', 'announcement.published', 'announcement.retracted']);
  });

  it('publishing a group suppresses its other queued members, as the decision route does', async () => {
    const { app, analyst } = await reviewers(suite);
    const [lead, member] = await insertGroup(suite, 2);
    const published = await transition(suite, app, analyst, lead as number, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(await statusOf(suite, member as number)).toMatchObject({ status: 'suppressed', suppressReason: 'duplicate', groupId: lead });
  });

  it('another reviewer’s soft lock refuses the move (409 announcementLocked), alone and in bulk; the holder decides', async () => {
    const { app, admin, analyst } = await reviewers(suite);
    listen(app);
    const held = await insertAnnouncement(suite);
    const free = await insertAnnouncement(suite);
    const published = await insertAnnouncement(suite, { status: 'published' });
    expect((await review(app, admin, 'POST', `/${held}/lock`, {})).statusCode).toBe(200);

    const refused = await transition(suite, app, analyst, held, 'publish');
    expect([refused.statusCode, refused.json<{ code: string; params?: { user?: string } }>()]).toMatchObject([409, { code: 'announcementLocked', params: { user: 'admin' } }]);
    expect(await statusOf(suite, held)).toMatchObject({ status: 'needs_review' });
    expect(await events(suite, held)).toEqual([]);

    // Bulk: each row answers for itself; the locked and the published one are refused, the free one done.
    const items = await Promise.all([held, free, published].map(async (id) => ({ id: String(id), version: await versionOf(suite, id) })));
    const bulk = await review(app, analyst, 'POST', '/transitions/suppress', { items, reason: 'duplicate' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const { results: rows } = bulk.json<{ results: BulkRow[] }>();
    expect(rows.map((row) => [row.id, row.ok, row.ok ? row.record.status : row.code])).toEqual([
      [String(held), false, 'announcementLocked'],
      [String(free), true, 'suppressed'],
      [String(published), false, 'transitionNotAllowed'],
    ]);
    expect(await events(suite, free)).toEqual(['announcement.suppressed']);
    // Publish and retract are one at a time.
    const notBulk = await review(app, analyst, 'POST', '/transitions/publish', { items: [{ id: String(free), version: 1 }] });
    expect([notBulk.statusCode, notBulk.json<{ code: string }>().code]).toEqual([403, 'transitionNotBulk']);

    // The holder decides.
    const mine = await transition(suite, app, admin, held, 'publish');
    expect(mine.statusCode, mine.body).toBe(200);
  });
});
