import { expect, it } from 'vitest';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model.js';
import { describeEachDatabase } from '../helper';
import { decide, insertAnnouncement, insertGroup, insertTestCompany, review, reviewers, statusOf } from './review-helper';

async function auditOf(suite: Parameters<typeof insertAnnouncement>[0], id: number) {
  return suite.sql<{ action: string; actor: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    `SELECT action, actor_username AS actor, before, after FROM audit_log WHERE entity = 'announcement' AND entity_id = $1 ORDER BY id`,
    [String(id)],
  );
}

describeEachDatabase('announcements review decisions', (suite) => {
  // The first test builds the suite's first app (PGlite migrates from nothing): slow on a busy machine.
  it('creates a manual announcement and edits it, each field refused with its reason, every change audited', { timeout: 120_000 }, async () => {
    const { app, analyst } = await reviewers(suite);
    const company = await insertTestCompany(suite, 'Manual Maker Ltd');
    const [category] = await suite.sql<{ id: number }>(`INSERT INTO announcement_categories (name) VALUES ('Cat ' || gen_random_uuid()) RETURNING id::int AS id`);
    const [inactive] = await suite.sql<{ id: number }>(`INSERT INTO announcement_categories (name, is_active) VALUES ('Old ' || gen_random_uuid(), false) RETURNING id::int AS id`);
    const input = { companyId: company, categoryId: category?.id ?? null, subject: '  Board meeting on Friday ', summary: 'Agenda', critical: true, material: false };

    const created = await review(app, analyst, 'POST', '', input);
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<AnnouncementDetail>();
    expect(row).toMatchObject({
      source: 'manual',
      status: 'needs_review',
      subject: 'Board meeting on Friday',
      company: { id: company, name: 'Manual Maker Ltd' },
      companyName: 'Manual Maker Ltd',
      categoryId: category?.id,
      critical: true,
      createdBy: { username: 'analyst' },
      members: [],
      version: 1,
    });
    expect(Date.now() - Date.parse(row.disseminatedAt)).toBeLessThan(60_000);

    const refusals = await review(app, analyst, 'POST', '', {
      ...input,
      subject: '   ',
      companyId: 999999999,
      categoryId: inactive?.id,
      disseminatedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(refusals.statusCode).toBe(422);
    expect(refusals.json()).toMatchObject({
      code: 'validation',
      reasons: { subject: { code: 'notBlank' }, companyId: { code: 'companyMissing' }, categoryId: { code: 'invalid' }, disseminatedAt: { code: 'notInFuture' } },
    });
    for (const bad of [{ subject: 'x'.repeat(501) }, { summary: 'x'.repeat(10_001) }, { subject: '' }, { companyId: 1e21 }, { disseminatedAt: '0000-01-01T00:00:00Z' }]) {
      const response = await review(app, analyst, 'POST', '', { ...input, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
    }

    const edited = await review(app, analyst, 'PUT', `/${row.id}`, { ...input, subject: 'Board meeting moved', companyId: null, categoryId: null, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ subject: 'Board meeting moved', company: null, categoryId: null, version: 2 });
    const stale = await review(app, analyst, 'PUT', `/${row.id}`, { ...input, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleEdit', params: { version: 2 } });
    const badEdit = await review(app, analyst, 'PUT', `/${row.id}`, { ...input, subject: ' ', version: 2 });
    expect(badEdit.json()).toMatchObject({ reasons: { subject: { code: 'notBlank' } } });
    expect((await review(app, analyst, 'PUT', '/999999999', { ...input, version: 1 })).statusCode).toBe(404);

    const audit = await auditOf(suite, row.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'edit']);
    expect(audit[0]?.before).toBeNull();
    expect(audit[1]?.before).toMatchObject({ subject: 'Board meeting on Friday', version: 1 });
    expect(audit[1]?.after).toMatchObject({ subject: 'Board meeting moved', version: 2 });
    expect(audit[1]?.actor).toBe('analyst');

    // A retracted one is read-only.
    const retracted = await insertAnnouncement(suite, { status: 'retracted' });
    const refused = await review(app, analyst, 'PUT', `/${retracted}`, { ...input, version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'announcementRetractedReadOnly' });
  });

  it('allows each decision only from its states (409 codes), and records who decided', async () => {
    const { app, analyst, admin } = await reviewers(suite);
    const cases: { action: string; body?: object; allowed: string[]; code: string; to: string }[] = [
      { action: 'publish', allowed: ['ingested', 'needs_review'], code: 'announcementNotInQueue', to: 'published' },
      { action: 'suppress', body: { reason: 'irrelevant' }, allowed: ['ingested', 'needs_review'], code: 'announcementNotInQueue', to: 'suppressed' },
      { action: 'reopen', allowed: ['suppressed'], code: 'announcementNotReopenable', to: 'needs_review' },
      { action: 'retract', body: { reason: 'Filed in error' }, allowed: ['published'], code: 'announcementNotPublished', to: 'retracted' },
    ];
    for (const test of cases) {
      for (const status of ['ingested', 'needs_review', 'published', 'suppressed', 'retracted'] as const) {
        const id = await insertAnnouncement(suite, { status });
        const response = await decide(suite, app, analyst, id, test.action, test.body);
        if (test.allowed.includes(status)) {
          expect(response.statusCode, `${test.action} from ${status}: ${response.body}`).toBe(200);
          const row = response.json<AnnouncementDetail>();
          expect(row.status).toBe(test.to);
          expect(row.decidedBy).toMatchObject({ username: 'analyst' });
          if (test.action === 'publish') expect(row).toMatchObject({ publishedBy: { username: 'analyst' } });
          if (test.action === 'retract') expect(row.retractReason).toBe('Filed in error');
          if (test.action === 'suppress') expect(row.suppressReason).toBe('irrelevant');
          if (test.action === 'reopen') expect(row.suppressReason).toBeNull();
          const audit = await auditOf(suite, id);
          expect(audit.at(-1)).toMatchObject({ action: test.action, before: { status }, after: { status: test.to } });
        } else {
          expect(response.statusCode, `${test.action} from ${status}`).toBe(409);
          expect(response.json()).toMatchObject({ code: test.code });
          expect((await statusOf(suite, id)).status).toBe(status);
        }
      }
    }
    // Every role decides; a stale version and a blank reason are refused.
    const id = await insertAnnouncement(suite);
    expect((await review(app, admin, 'POST', `/${id}/publish`, { version: 7 })).json()).toMatchObject({ code: 'staleEdit' });
    expect((await decide(suite, app, admin, id, 'suppress', { reason: 'spam' })).statusCode).toBe(422);
    expect((await decide(suite, app, admin, id, 'publish')).statusCode).toBe(200);
    expect((await decide(suite, app, admin, id, 'retract', { reason: '   ' })).json()).toMatchObject({ reasons: { reason: { code: 'notBlank' } } });
    expect((await review(app, admin, 'POST', '/999999999/publish', { version: 1 })).statusCode).toBe(404);
  });

  it('publishes a group once: its other queue members are suppressed as duplicates in the same transaction, and a member publishing becomes the lead', async () => {
    const { app, analyst } = await reviewers(suite);
    const [lead, second, third, decided] = await insertGroup(suite, 4);
    await suite.sql(`UPDATE announcements SET status = 'suppressed', suppress_reason = 'irrelevant' WHERE id = $1`, [decided]);
    const response = await decide(suite, app, analyst, second as number, 'publish');
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json<AnnouncementDetail>();
    expect(row).toMatchObject({ status: 'published', groupId: second, groupSize: 4 });
    expect(row.members.map((member) => member.id)).toEqual([lead, third, decided]);
    expect(await statusOf(suite, lead as number)).toMatchObject({ status: 'suppressed', suppressReason: 'duplicate', groupId: second });
    expect(await statusOf(suite, third as number)).toMatchObject({ status: 'suppressed', suppressReason: 'duplicate', groupId: second });
    expect(await statusOf(suite, decided as number)).toMatchObject({ status: 'suppressed', suppressReason: 'irrelevant', groupId: second });
    expect((await auditOf(suite, third as number)).at(-1)).toMatchObject({ action: 'publish', before: { status: 'needs_review' }, after: { status: 'suppressed', suppressReason: 'duplicate' } });

    // A failing publish (stale) changes none of them.
    const [otherLead, otherMember] = await insertGroup(suite, 2);
    expect((await review(app, analyst, 'POST', `/${otherLead}/publish`, { version: 99 })).statusCode).toBe(409);
    expect((await statusOf(suite, otherMember as number)).status).toBe('needs_review');
  });

  it('merges into a group (members it led follow the new lead) and separates (the oldest remaining member leads)', async () => {
    const { app, analyst } = await reviewers(suite);
    const alone = await insertAnnouncement(suite, { ageMinutes: 200 });
    const [lead, member, member2] = await insertGroup(suite, 3);

    // A lead merges into a lone row: it and its members join that row's new group.
    const merged = await decide(suite, app, analyst, lead as number, 'merge', { into: alone });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ status: 'suppressed', suppressReason: 'duplicate', groupId: alone, groupSize: 4 });
    expect(await statusOf(suite, alone)).toMatchObject({ groupId: alone, status: 'needs_review' });
    expect(await statusOf(suite, member as number)).toMatchObject({ groupId: alone, status: 'needs_review' });
    expect((await auditOf(suite, member as number)).at(-1)).toMatchObject({ action: 'merge', before: { groupId: lead }, after: { groupId: alone } });

    // A member merges into its own lead (the suggested duplicate), by the lead or by a fellow member.
    expect((await decide(suite, app, analyst, member as number, 'merge', { into: member2 })).json()).toMatchObject({ groupId: alone, status: 'suppressed' });

    // Refused: itself, a row of the group it leads, a decided one, none; a published row cannot be merged.
    const suppressed = await insertAnnouncement(suite, { status: 'suppressed' });
    for (const [id, into] of [[member2, member2], [alone, member2], [member2, suppressed], [member2, 999999999]] as const) {
      const response = await decide(suite, app, analyst, id as number, 'merge', { into });
      expect(response.statusCode, `${id} into ${into}`).toBe(409);
      expect(response.json()).toMatchObject({ code: 'announcementMergeInvalid' });
    }
    const published = await insertAnnouncement(suite, { status: 'published' });
    expect((await decide(suite, app, analyst, published, 'merge', { into: alone })).json()).toMatchObject({ code: 'announcementNotInQueue' });

    // The lead separates: the oldest remaining member leads; a separated duplicate returns to the queue.
    const separated = await decide(suite, app, analyst, alone, 'separate');
    expect(separated.statusCode, separated.body).toBe(200);
    expect(separated.json()).toMatchObject({ groupId: null, groupSize: 1, members: [] });
    expect(await statusOf(suite, lead as number)).toMatchObject({ groupId: lead });
    expect(await statusOf(suite, member2 as number)).toMatchObject({ groupId: lead });
    const back = await decide(suite, app, analyst, member as number, 'separate');
    expect(back.json()).toMatchObject({ status: 'needs_review', suppressReason: null, groupId: null });
    // The last member leaving dissolves the group.
    await decide(suite, app, analyst, member2 as number, 'separate');
    expect(await statusOf(suite, lead as number)).toMatchObject({ groupId: null });

    // Reopening a duplicate takes it out of its group.
    const [lead3, dup] = await insertGroup(suite, 2);
    await decide(suite, app, analyst, dup as number, 'merge', { into: lead3 });
    const reopened = await decide(suite, app, analyst, dup as number, 'reopen');
    expect(reopened.json()).toMatchObject({ status: 'needs_review', groupId: null });
    expect(await statusOf(suite, lead3 as number)).toMatchObject({ groupId: null });
  });

  it('links a company; remembering links every other unmatched row with that code, each audited', async () => {
    const { app, analyst } = await reviewers(suite);
    const company = await insertTestCompany(suite, 'Remembered Co');
    const code = String(500000 + Math.floor(Math.random() * 99999));
    const row = await insertAnnouncement(suite, { source: 'BSE', scripCode: code });
    const sameCode = await insertAnnouncement(suite, { source: 'BSE', scripCode: code, status: 'published' });
    const otherSource = await insertAnnouncement(suite, { source: 'NSE', symbol: code });
    const linkedElsewhere = await insertAnnouncement(suite, { source: 'BSE', scripCode: code, companyId: await insertTestCompany(suite) });

    expect((await decide(suite, app, analyst, row, 'company', { companyId: 999999999, remember: true })).json()).toMatchObject({ code: 'validation', reasons: { companyId: { code: 'companyMissing' } } });
    const plain = await decide(suite, app, analyst, otherSource, 'company', { companyId: company, remember: false });
    expect(plain.json()).toMatchObject({ company: { id: company } });

    const linked = await decide(suite, app, analyst, row, 'company', { companyId: company, remember: true });
    expect(linked.statusCode, linked.body).toBe(200);
    const answer = linked.json<AnnouncementDetail>();
    expect(answer.company).toMatchObject({ id: company, name: 'Remembered Co' });
    expect(answer.isin).toMatch(/^IN/);
    const [stored] = await suite.sql<{ companyId: number }>(`SELECT company_id::int AS "companyId" FROM announcement_company_codes WHERE source = 'BSE' AND code = $1`, [code]);
    expect(stored?.companyId).toBe(company);
    const companyOf = async (id: number) => (await suite.sql<{ c: number | null }>('SELECT company_id::int AS c FROM announcements WHERE id = $1', [id]))[0]?.c;
    expect(await companyOf(sameCode)).toBe(company);
    expect(await companyOf(linkedElsewhere)).not.toBe(company);
    expect((await auditOf(suite, sameCode)).at(-1)).toMatchObject({ action: 'company', before: { company: null }, after: { companyId: company } });
    expect((await auditOf(suite, row)).at(-1)).toMatchObject({ action: 'company', before: { company: null }, after: { company: { id: company } } });
  });

  it('soft locks: a second user is refused (params.user) until force (audited), expiry frees it, release is own only', async () => {
    const { app, analyst, admin } = await reviewers(suite);
    const id = await insertAnnouncement(suite);
    const taken = await review(app, analyst, 'POST', `/${id}/lock`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ user: { username: 'analyst' } });
    const expiresAt = Date.parse(taken.json<{ expiresAt: string }>().expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(60_000);
    // Renewing one's own.
    expect((await review(app, analyst, 'POST', `/${id}/lock`, {})).statusCode).toBe(200);

    const refused = await review(app, admin, 'POST', `/${id}/lock`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'announcementLocked', params: { user: 'analyst' } });
    for (const [action, body] of [['publish', {}], ['suppress', { reason: 'irrelevant' }], ['separate', {}], ['company', { companyId: 1, remember: false }]] as const) {
      const write = await decide(suite, app, admin, id, action, body);
      expect(write.statusCode, action).toBe(409);
      expect(write.json()).toMatchObject({ code: 'announcementLocked', params: { user: 'analyst' } });
    }
    const edit = await review(app, admin, 'PUT', `/${id}`, { companyId: null, categoryId: null, subject: 'x', summary: '', critical: false, material: false, version: 1 });
    expect(edit.json()).toMatchObject({ code: 'announcementLocked' });
    // The holder writes.
    expect((await decide(suite, app, analyst, id, 'suppress', { reason: 'irrelevant' })).statusCode).toBe(200);

    // Release is the holder's only.
    expect((await review(app, admin, 'DELETE', `/${id}/lock`)).statusCode).toBe(204);
    expect((await review(app, admin, 'POST', `/${id}/lock`, {})).statusCode).toBe(409);

    const forced = await review(app, admin, 'POST', `/${id}/lock`, { force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ user: { username: 'admin' } });
    expect((await auditOf(suite, id)).at(-1)).toMatchObject({ action: 'lock-takeover', actor: 'admin', before: { lock: { user: { username: 'analyst' } } }, after: { lock: { user: { username: 'admin' } } } });
    expect((await decide(suite, app, analyst, id, 'reopen')).json()).toMatchObject({ code: 'announcementLocked', params: { user: 'admin' } });

    // An expired lock is none.
    await suite.sql(`UPDATE announcement_locks SET expires_at = now() - interval '1 second' WHERE announcement_id = $1`, [id]);
    expect((await decide(suite, app, analyst, id, 'reopen')).statusCode).toBe(200);
    expect((await review(app, analyst, 'POST', `/${id}/lock`, {})).statusCode).toBe(200);
    expect((await auditOf(suite, id)).filter((entry) => entry.action === 'lock-takeover').length).toBe(1);
    expect((await review(app, analyst, 'DELETE', `/${id}/lock`)).statusCode).toBe(204);
    expect(await suite.sql('SELECT 1 FROM announcement_locks WHERE announcement_id = $1', [id])).toEqual([]);
    expect((await review(app, analyst, 'POST', '/999999999/lock', {})).statusCode).toBe(404);
  });

  it('is every role’s, and answers 404 while the area is off', async () => {
    const { app, superAdmin, admin, analyst } = await reviewers(suite);
    for (const session of [superAdmin, admin, analyst]) {
      const id = await insertAnnouncement(suite);
      expect((await review(app, session, 'GET')).statusCode).toBe(200);
      expect((await decide(suite, app, session, id, 'publish')).statusCode).toBe(200);
    }
    const off = await suite.build({ APP_CONFIG: 'config/app.json' });
    const { login, ADMIN_PASSWORD } = await import('../helper');
    const session = await login(off, 'superadmin', ADMIN_PASSWORD);
    expect((await review(off, session, 'GET')).statusCode).toBe(404);
    expect((await review(off, session, 'POST', '', { companyId: null, categoryId: null, subject: 'x', summary: '', critical: false, material: false })).statusCode).toBe(404);
  });
});
