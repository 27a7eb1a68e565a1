import { expect, it } from 'vitest';
import { describeEachDatabase, type Session } from '../helper';
import { kycCall, kycCallers, reviewedSubject, setScanPolicy, type Document, type KycCallers } from './kyc-helper';

// The KYC decisions on the generic workflow routes (common/resources/kyc-documents.ts,
// server/src/modules/kyc/transition-store.ts): the checks of the legacy decision route hold
// (maker-checker, the mask before an Aadhaar card's approval, the scan policy, the reason, the
// version), the subject's status follows, the audit rows are the decision's; and the review
// queue speaks the generic list protocol (multiSelect as `a,b`, dateRange as `from,to`).

function transition(app: KycCallers['app'], session: Session, document: Document, name: string, body: Record<string, unknown> = {}) {
  return kycCall(app, session, 'POST', `/documents/${document.id}/transitions/${name}`, { version: document.version, ...body });
}

describeEachDatabase('KYC document decisions as workflow transitions', (suite) => {
  it('keeps maker-checker, the reason, the version, the state rule, the mask and the scan policy; audits as the decision', async () => {
    const callers = await kycCallers(suite);
    const { app, maker, checker } = callers;
    await setScanPolicy(suite, 'off');
    const { subject, documents } = await reviewedSubject(callers);
    const pan = documents.pan_card as Document;
    const aadhaar = documents.aadhaar_card as Document;
    expect(pan).toMatchObject({ uploaderId: maker.id, uploadedBy: { id: maker.id } });

    const own = await transition(app, maker, pan, 'approve');
    expect([own.statusCode, own.json<{ code: string }>().code]).toEqual([403, 'makerChecker']);
    const noReason = await transition(app, checker, pan, 'reject');
    expect([noReason.statusCode, noReason.json<{ reasons: unknown }>().reasons]).toEqual([422, { reason: { code: 'required' } }]);
    const badReason = await transition(app, checker, pan, 'revision', { reason: 'because' });
    expect(badReason.statusCode).toBe(422);
    const stale = await transition(app, checker, pan, 'approve', { version: pan.version - 1 });
    expect([stale.statusCode, stale.json<{ code: string }>().code]).toEqual([409, 'staleEdit']);
    const badReset = await transition(app, checker, pan, 'reset');
    expect([badReset.statusCode, badReset.json<{ code: string }>().code]).toEqual([409, 'transitionNotAllowed']);

    // An Aadhaar card image is approved only masked, whatever the route.
    const unmasked = await transition(app, checker, aadhaar, 'approve');
    expect([unmasked.statusCode, unmasked.json<{ code: string }>().code]).toEqual([409, 'kycNotMasked']);
    // While the policy requires a clean scan, and no scanner is configured, nothing is approved.
    await setScanPolicy(suite, 'required');
    const unscanned = await transition(app, checker, pan, 'approve');
    expect([unscanned.statusCode, unscanned.json<{ code: string }>().code]).toEqual([409, 'kycNoScanner']);
    await setScanPolicy(suite, 'off');

    const revision = await transition(app, checker, pan, 'revision', { reason: 'bad_quality', comment: ' too dark ' });
    expect(revision.statusCode, revision.body).toBe(200);
    expect(revision.json<Document>()).toMatchObject({ status: 'revision', reason: 'bad_quality', comment: 'too dark', decidedBy: { id: checker.id } });
    const [afterRevision] = await suite.sql<{ status: string }>('SELECT status FROM kyc_subjects WHERE id = $1', [subject.id]);
    expect(afterRevision?.status).toBe('revision');
    const reset = await transition(app, checker, revision.json<Document>(), 'reset', { comment: 'wrong document' });
    expect(reset.json<Document>()).toMatchObject({ status: 'pending', reason: null, comment: null, decidedBy: null, decidedAt: null });
    const approved = await transition(app, checker, reset.json<Document>(), 'approve');
    expect(approved.json<Document>()).toMatchObject({ status: 'approved', decidedBy: { id: checker.id } });

    // Decisions are taken one at a time, in the review: no bulk.
    const bulk = await kycCall(app, checker, 'POST', '/documents/transitions/approve', { items: [{ id: String(pan.id), version: 1 }] });
    expect([bulk.statusCode, bulk.json<{ code: string }>().code]).toEqual([403, 'transitionNotBulk']);

    const audit = await suite.sql<{ action: string; before: unknown; after: Record<string, unknown> }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'kyc_document' AND entity_id = $1 AND action IN ('approve', 'revision', 'reset') ORDER BY id`,
      [String(pan.id)],
    );
    expect(audit.map((row) => row.action)).toEqual(['revision', 'reset', 'approve']);
    expect(audit[0]?.after).toMatchObject({ status: 'revision', reason: 'bad_quality', comment: 'too dark', fileId: pan.file?.id });
    // A reset's comment is kept in its audit row only.
    expect(audit[1]?.after).toMatchObject({ status: 'pending', comment: 'wrong document' });
  });

  it('lists documents with the generic protocol: several statuses and types, a range of days, the masked Aadhaar number', async () => {
    const callers = await kycCallers(suite);
    const { app, checker } = callers;
    await setScanPolicy(suite, 'off');
    const { subject, documents } = await reviewedSubject(callers);
    await transition(app, checker, documents.pan_card as Document, 'reject', { reason: 'expired' });
    // This subject's documents only (the suite's database holds the other test's too).
    const its = `q=${encodeURIComponent(subject.pan ?? '')}`;
    const today = new Date().toISOString().slice(0, 10);

    const list = await kycCall(app, checker, 'GET', `/documents?${its}&status=pending,rejected&type=pan_card,picture&updatedAt=${today},${today}&sort=subjectName:asc&page=1&pageSize=10`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<Document[]>();
    expect(rows.map((row) => [row.type, row.status]).sort()).toEqual([
      ['pan_card', 'rejected'],
      ['picture', 'pending'],
    ]);
    expect(list.headers['x-total-count']).toBe('2');
    expect(rows[0]?.subjectAadhaar).toMatch(/^XXXX-XXXX-\d{4}$/);
    const before = await kycCall(app, checker, 'GET', `/documents?${its}&updatedAt=,2000-01-01`);
    expect([before.json<Document[]>().length, before.headers['x-total-count']]).toEqual([0, '0']);
    const open = await kycCall(app, checker, 'GET', `/documents?${its}&updatedAt=${today},`);
    expect(open.headers['x-total-count']).toBe('3');
    const bad = await kycCall(app, checker, 'GET', '/documents?updatedAt=yesterday');
    expect(bad.statusCode).toBe(422);
  });
});
