import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { dataCorrections } from '../../../common/resources/data-corrections';
import type { WorkflowTransitionedEvent } from '../../../server/src/lib/domain-events';
import { callers } from '../admin/admin-helper';
import { API, describeEachDatabase, sealed, type Session, type SuiteContext } from '../helper';

// The generic module's workflow transitions (server/src/modules/crud/transitions-*.ts), on
// the data corrections resource (common/resources/data-corrections.ts): open → in_review →
// fixed | rejected, reject by Admins with a reason, fixed maker-checker on the reporter,
// reopen with a required comment, start review and reject in bulk.

const BASE = `${API}/${dataCorrections.endpoint}`;

type Correction = Record<string, unknown> & { id: string; version: number; status: string };
type BulkRow = { id: string; ok: true; record: Correction } | { id: string; ok: false; code: string; message: string };

interface Fixture {
  app: FastifyInstance;
  admin: Session;
  analyst: Session;
  superAdmin: Session;
  /** The events the listener saw, by record id: each one also wrote an audit row inside the transition's transaction. */
  explodeOn: Set<string>;
}

/** A listener that records each event in the transaction (so a rollback takes it back) and one that fails on demand. */
function listen(app: FastifyInstance): Set<string> {
  const explodeOn = new Set<string>();
  app.domainEvents.on('workflow.transitioned', async (tx, events: ReadonlyArray<WorkflowTransitionedEvent>) => {
    for (const event of events) {
      await tx.query(`INSERT INTO audit_log (entity, entity_id, action, after) VALUES ('test-event', $1, $2, $3::jsonb)`, [
        event.id,
        event.event,
        JSON.stringify(event),
      ]);
    }
  });
  app.domainEvents.on('workflow.transitioned', async (_tx, events) => {
    for (const event of events) if (explodeOn.has(event.id)) throw new Error(`listener refuses ${event.id}`);
  });
  return explodeOn;
}

async function fixture(suite: SuiteContext): Promise<Fixture> {
  const { app, admin, analyst, superAdmin } = await callers(suite);
  return { app, admin, analyst, superAdmin, explodeOn: listen(app) };
}

function post(app: FastifyInstance, session: Session, url: string, payload: object) {
  return sealed(app, session, { method: 'POST', url, payload });
}

async function report(app: FastifyInstance, session: Session, extra: object = {}): Promise<Correction> {
  const response = await post(app, session, BASE, { subjectType: 'company', subjectRef: 'Zenith Steel', description: 'The ISIN is wrong.', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Correction>();
}

function move(app: FastifyInstance, session: Session, record: Pick<Correction, 'id' | 'version'>, transition: string, body: object = {}) {
  return post(app, session, `${BASE}/${record.id}/transitions/${transition}`, { version: record.version, ...body });
}

async function current(fx: Fixture, id: string): Promise<Correction> {
  return (await sealed(fx.app, fx.admin, { method: 'GET', url: `${BASE}/${id}` })).json<Correction>();
}

async function audits(suite: SuiteContext, id: string) {
  return suite.sql<{ action: string; actor_username: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    `SELECT action, actor_username, before, after FROM audit_log WHERE entity = 'data_correction' AND entity_id = $1 ORDER BY id`,
    [id],
  );
}

async function events(suite: SuiteContext, id: string): Promise<string[]> {
  const rows = await suite.sql<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'test-event' AND entity_id = $1 ORDER BY id`, [id]);
  return rows.map((row) => row.action);
}

describeEachDatabase('generic workflow transitions (data corrections)', (suite) => {
  it('create sets the reporter, the time and the first state; a caller cannot set them, nor the state by an edit', async () => {
    const fx = await fixture(suite);
    const before = Date.now();
    const record = await report(fx.app, fx.analyst, { status: 'fixed', reportedBy: fx.admin.userId, reportedAt: '2000-01-01T00:00:00.000Z', rejectReason: 'duplicate' });
    expect(record).toMatchObject({ status: 'open', reporterName: 'analyst', rejectReason: null, version: 1 });
    expect(String(record.reportedBy)).toBe(fx.analyst.userId);
    expect(Date.parse(String(record.reportedAt))).toBeGreaterThanOrEqual(before - 5_000);
    const edited = await sealed(fx.app, fx.admin, { method: 'PUT', url: `${BASE}/${record.id}`, payload: { subjectType: 'company', subjectRef: 'Zenith Steel', description: 'Still wrong.', status: 'fixed', reportedBy: fx.admin.userId, version: 1 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ description: 'Still wrong.', status: 'open', version: 2 });
    expect(String(edited.json<Correction>().reportedBy)).toBe(fx.analyst.userId);

    // The assignee, a reference to users: null as the form sends it when none is picked (not "", which the bigint refuses), or a user's id.
    expect((await report(fx.app, fx.analyst, { assigneeId: null })).assigneeId).toBeNull();
    const assigned = await report(fx.app, fx.analyst, { assigneeId: fx.admin.userId });
    expect(assigned).toMatchObject({ assigneeName: 'admin' });
  });

  it('moves a record along its workflow, each step audited with before and after and its event fired once', async () => {
    const fx = await fixture(suite);
    const record = await report(fx.app, fx.analyst);
    const reviewed = await move(fx.app, fx.admin, record, 'startReview');
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ id: record.id, status: 'in_review', version: 2 });
    const fixed = await move(fx.app, fx.admin, reviewed.json<Correction>(), 'fix', { comment: '  ISIN corrected from the exchange filing. ' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'fixed', reviewComment: 'ISIN corrected from the exchange filing.', version: 3 });

    const log = await audits(suite, record.id);
    expect(log.map((row) => row.action)).toEqual(['create', 'startReview', 'fix']);
    expect(log[2]).toMatchObject({
      actor_username: 'admin',
      before: { id: record.id, status: 'in_review', reviewComment: null },
      after: { id: record.id, status: 'fixed', reviewComment: 'ISIN corrected from the exchange filing.', comment: 'ISIN corrected from the exchange filing.' },
    });
    // startReview declares no event; fix declares dataCorrection.fixed.
    expect(await events(suite, record.id)).toEqual(['dataCorrection.fixed']);
    const [event] = await suite.sql<{ after: WorkflowTransitionedEvent }>(`SELECT after FROM audit_log WHERE entity = 'test-event' AND entity_id = $1`, [record.id]);
    expect(event?.after).toMatchObject({ resource: 'data-corrections', transition: 'fix', from: 'in_review', to: 'fixed', actor: { username: 'admin' }, reason: null });
  });

  it('refuses, writing nothing and firing nothing: role, maker-checker, stale version, wrong state, missing record', async () => {
    const fx = await fixture(suite);
    const record = await report(fx.app, fx.analyst);

    // Reject is for Admins: the analyst may see the record, not reject it.
    const byRole = await move(fx.app, fx.analyst, record, 'reject', { reason: 'duplicate' });
    expect(byRole.statusCode).toBe(403);
    expect(byRole.json()).toMatchObject({ code: 'transitionForbidden', message: 'Your role may not do this action.' });

    // Fix from open: not a state it starts from.
    const early = await move(fx.app, fx.admin, record, 'fix');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'transitionNotAllowed' });

    const reviewed = (await move(fx.app, fx.analyst, record, 'startReview')).json<Correction>();
    expect(reviewed.status).toBe('in_review');

    // The reporter may fix others' reports, not their own.
    const own = await move(fx.app, fx.analyst, reviewed, 'fix');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'makerChecker', message: 'You made this record, so someone else must do this action.' });

    const stale = await move(fx.app, fx.admin, record, 'fix');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleEdit', params: { version: 2 } });

    expect((await move(fx.app, fx.admin, { id: '999999999', version: 1 }, 'fix')).statusCode).toBe(404);
    expect((await post(fx.app, fx.admin, `${BASE}/${record.id}/transitions/publish`, { version: 2 })).statusCode).toBe(404);
    const versionless = await post(fx.app, fx.admin, `${BASE}/${record.id}/transitions/fix`, {});
    expect(versionless.statusCode).toBe(422);
    expect(versionless.json().errors).toMatchObject({ version: 'is required' });

    expect(await current(fx, record.id)).toMatchObject({ status: 'in_review', version: 2 });
    expect((await audits(suite, record.id)).map((row) => row.action)).toEqual(['create', 'startReview']);
    expect(await events(suite, record.id)).toEqual([]);

    // Another user (an Admin here) may fix it.
    expect((await move(fx.app, fx.admin, reviewed, 'fix')).json()).toMatchObject({ status: 'fixed', version: 3 });
    expect(await events(suite, record.id)).toEqual(['dataCorrection.fixed']);
  });

  it('asks for a reason from the list and a comment where the transition declares them (422 on the field)', async () => {
    const fx = await fixture(suite);
    const record = await report(fx.app, fx.analyst);
    for (const [body, reasons] of [
      [{}, { reason: { code: 'required' } }],
      [{ reason: '   ' }, { reason: { code: 'required' } }],
      [{ reason: 'boring' }, { reason: { code: 'oneOf', params: { values: 'notAnError, duplicate, cannotReproduce, outOfScope' } } }],
      [{ reason: 'duplicate', comment: 'x'.repeat(2001) }, { comment: { code: 'tooLong' } }],
    ] as const) {
      const refused = await move(fx.app, fx.admin, record, 'reject', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'validation', reasons });
    }
    const rejected = await move(fx.app, fx.admin, record, 'reject', { reason: 'duplicate', comment: 'Same as the one reported yesterday.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'duplicate', reviewComment: 'Same as the one reported yesterday.', version: 2 });
    expect((await audits(suite, record.id)).at(-1)).toMatchObject({
      action: 'reject',
      before: { status: 'open', rejectReason: null },
      after: { status: 'rejected', rejectReason: 'duplicate', reason: 'duplicate', comment: 'Same as the one reported yesterday.' },
    });
    expect(await events(suite, record.id)).toEqual(['dataCorrection.rejected']);

    // Reopen needs a comment; blank is none. The reopened record keeps no rejection reason.
    const rejectedRecord = rejected.json<Correction>();
    for (const comment of [undefined, '  ']) {
      const refused = await move(fx.app, fx.admin, rejectedRecord, 'reopen', comment === undefined ? {} : { comment });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ reasons: { comment: { code: 'required' } } });
    }
    const reopened = await move(fx.app, fx.admin, rejectedRecord, 'reopen', { comment: 'The exchange confirmed the error.' });
    expect(reopened.json()).toMatchObject({ status: 'open', rejectReason: null, reviewComment: 'The exchange confirmed the error.', version: 3 });
  });

  it('a listener that fails rolls the transition back: no state change, no audit row, no event', async () => {
    const fx = await fixture(suite);
    const record = await report(fx.app, fx.analyst);
    fx.explodeOn.add(record.id);
    const failed = await move(fx.app, fx.admin, record, 'reject', { reason: 'outOfScope' });
    expect(failed.statusCode).toBe(500);
    expect(await current(fx, record.id)).toMatchObject({ status: 'open', rejectReason: null, version: 1 });
    expect((await audits(suite, record.id)).map((row) => row.action)).toEqual(['create']);
    expect(await events(suite, record.id)).toEqual([]);
  });

  it('bulk: each record answers for itself, a refused or failing one undoes none of the others', async () => {
    const fx = await fixture(suite);
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => report(fx.app, fx.analyst)));
    if (!a || !b || !c || !d || !e) throw new Error('five reports expected');
    // c is fixed already, d's listener fails, e is sent with a stale version.
    const cReviewed = (await move(fx.app, fx.admin, c, 'startReview')).json<Correction>();
    const cFixed = (await move(fx.app, fx.admin, cReviewed, 'fix')).json<Correction>();
    expect(cFixed).toMatchObject({ status: 'fixed', version: 3 });
    fx.explodeOn.add(d.id);
    const eMoved = (await move(fx.app, fx.admin, e, 'startReview')).json<Correction>();
    expect(eMoved.version).toBe(2);

    const response = await post(fx.app, fx.admin, `${BASE}/transitions/reject`, {
      // Each with the version the caller saw: e's is the one before its review.
      items: [a, b, cFixed, d, e, { id: '999999999', version: 1 }].map((record) => ({ id: record.id, version: record.version })),
      reason: 'notAnError',
      comment: 'Checked against the filing.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<{ results: BulkRow[] }>().results;
    expect(results.map((row) => [row.id, row.ok, row.ok ? row.record.status : row.code])).toEqual([
      [a.id, true, 'rejected'],
      [b.id, true, 'rejected'],
      [c.id, false, 'transitionNotAllowed'],
      [d.id, false, 'generic'],
      [e.id, false, 'staleEdit'],
      ['999999999', false, 'notFound'],
    ]);
    expect(results[2]).toMatchObject({ message: 'This action cannot be done to the record in its current state. Reload it to see where it stands.' });

    for (const done of [a, b]) {
      expect(await current(fx, done.id)).toMatchObject({ status: 'rejected', rejectReason: 'notAnError', version: 2 });
      expect((await audits(suite, done.id)).map((row) => row.action)).toEqual(['create', 'reject']);
      expect(await events(suite, done.id)).toEqual(['dataCorrection.rejected']);
    }
    expect(await current(fx, c.id)).toMatchObject({ status: 'fixed', version: 3 });
    expect(await events(suite, c.id)).toEqual(['dataCorrection.fixed']);
    expect(await current(fx, d.id)).toMatchObject({ status: 'open', version: 1 });
    expect((await audits(suite, d.id)).map((row) => row.action)).toEqual(['create']);
    expect(await events(suite, d.id)).toEqual([]);
    expect(await current(fx, e.id)).toMatchObject({ status: 'in_review', version: 2 });
    expect((await audits(suite, e.id)).map((row) => row.action)).toEqual(['create', 'startReview']);
  });

  it('bulk refuses as a whole what applies to every record: not a bulk transition, the role, the reason, the size', async () => {
    const fx = await fixture(suite);
    const record = await report(fx.app, fx.analyst);
    const items = [{ id: record.id, version: 1 }];
    const notBulk = await post(fx.app, fx.admin, `${BASE}/transitions/fix`, { items });
    expect(notBulk.statusCode).toBe(403);
    expect(notBulk.json()).toMatchObject({ code: 'transitionNotBulk' });
    const byRole = await post(fx.app, fx.analyst, `${BASE}/transitions/reject`, { items, reason: 'duplicate' });
    expect(byRole.statusCode).toBe(403);
    expect(byRole.json()).toMatchObject({ code: 'transitionForbidden' });
    const noReason = await post(fx.app, fx.admin, `${BASE}/transitions/reject`, { items });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ reasons: { reason: { code: 'required' } } });
    expect((await post(fx.app, fx.admin, `${BASE}/transitions/reject`, { items: [], reason: 'duplicate' })).statusCode).toBe(422);
    const tooMany = Array.from({ length: 501 }, () => ({ id: record.id, version: 1 }));
    expect((await post(fx.app, fx.admin, `${BASE}/transitions/reject`, { items: tooMany, reason: 'duplicate' })).statusCode).toBe(422);
    expect(await current(fx, record.id)).toMatchObject({ status: 'open', version: 1 });

    // Start review is open to every role, in bulk too.
    const started = await post(fx.app, fx.analyst, `${BASE}/transitions/startReview`, { items });
    expect(started.json<{ results: BulkRow[] }>().results).toMatchObject([{ id: record.id, ok: true, record: { status: 'in_review' } }]);
  });

  it('the OpenAPI description documents both routes of each transition', async () => {
    const fx = await fixture(suite);
    const response = await fx.app.inject({ method: 'GET', url: `${API}/openapi.json` });
    if (response.statusCode !== 200) throw new Error(`no OpenAPI description at ${API}/openapi.json: ${response.statusCode}`);
    const paths = response.json<{ paths: Record<string, Record<string, { summary?: string; requestBody?: unknown }>> }>().paths;
    const endpoint = `${API}/${dataCorrections.endpoint}`;
    const one = paths[`${endpoint}/{id}/transitions/reject`]?.post;
    const many = paths[`${endpoint}/transitions/reject`]?.post;
    expect(one?.summary).toContain('open | in_review → rejected');
    expect(one?.summary).toContain('a reason from the list');
    expect(JSON.stringify(one?.requestBody)).toContain('notAnError');
    expect(many?.summary).toContain('each in its own transaction');
    expect(paths[`${endpoint}/{id}/transitions/fix`]?.post?.summary).toContain('not by the user in reportedBy (403 makerChecker)');
  });
});
