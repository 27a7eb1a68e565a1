import { expect, it } from 'vitest';
import type { RuleAnswer } from '../../../common/domains/finview/model.js';
import type { NewsApprovedEvent } from '../../../server/src/lib/domain-events.js';
import { startRuleSchedule } from '../../../server/src/modules/finview/rule-events.js';
import { RULES_TICK_QUEUE } from '../../../server/src/modules/finview/rule-schedule.js';
import { describeEachDatabase } from '../helper';
import { FAST_JOBS } from '../lib/jobs/jobs-helper';
import { insertCompany, insertNews, newsCallers, post } from '../news/news-helper';
import { eventRule, insertTemplate, rulesCall } from './rules-helper';

describeEachDatabase('finview rules', (suite) => {
  it('creates, reads, lists, changes (version checked) and deletes a rule, each change audited', async () => {
    const { app, analyst } = await newsCallers(suite);
    const company = Number(await insertCompany(suite, 'Rules Acme'));
    const templateId = await insertTemplate(suite);

    const created = await rulesCall(app, analyst, 'POST', '', eventRule(templateId, [company]));
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json<RuleAnswer>();
    expect(rule).toMatchObject({
      enabled: true,
      trigger: 'event',
      event: 'news.approved',
      cron: null,
      timezone: 'UTC',
      conditions: { companyIds: [company] },
      templateId,
      params: { company: { event: 'companyId' } },
      dedupeKey: '{{rule}}:{{event.newsItemId}}',
      lastFiredAt: null,
      nextRunAt: null,
      outputCount: 0,
      createdBy: { username: 'analyst' },
      version: 1,
    });

    const one = await rulesCall(app, analyst, 'GET', `/${rule.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(rule);

    const list = await rulesCall(app, analyst, 'GET', '', undefined, { sort: 'createdAt:desc', pageSize: '1' });
    expect(list.statusCode).toBe(200);
    expect(list.json<RuleAnswer[]>().map((item) => item.id)).toEqual([rule.id]);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);

    const schedule = { name: 'Morning', enabled: true, trigger: 'schedule', cron: '0 9 * * 1-5', timezone: 'Asia/Kolkata', templateId, params: { company } };
    const changed = await rulesCall(app, analyst, 'PUT', `/${rule.id}`, { ...schedule, version: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json<RuleAnswer>();
    expect(after).toMatchObject({ name: 'Morning', trigger: 'schedule', event: null, conditions: {}, dedupeKey: '{{rule}}:{{scheduledAt}}', version: 2 });
    // A number stays a number (no coercion to the first type a union names).
    expect(after.params).toEqual({ company });
    // 09:00 in Kolkata is 03:30 UTC, on a weekday, in the future.
    expect(after.nextRunAt).toMatch(/T03:30:00\.000Z$/);
    expect(Date.parse(after.nextRunAt as string)).toBeGreaterThan(Date.now());

    const stale = await rulesCall(app, analyst, 'PUT', `/${rule.id}`, { ...schedule, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleEdit', params: { version: 2 } });

    const removed = await rulesCall(app, analyst, 'DELETE', `/${rule.id}`);
    expect(removed.statusCode).toBe(204);
    const gone = await rulesCall(app, analyst, 'GET', `/${rule.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'finviewRuleNotFound' });
    expect((await rulesCall(app, analyst, 'DELETE', `/${rule.id}`)).statusCode).toBe(404);

    const audit = await suite.sql<{ action: string; actor_username: string }>(
      `SELECT action, actor_username FROM audit_log WHERE entity = 'finview_rule' AND entity_id = $1 ORDER BY id`,
      [String(rule.id)],
    );
    expect(audit).toEqual(['create', 'update', 'delete'].map((action) => ({ action, actor_username: 'analyst' })));
  });

  it('refuses bad cron, time zone, event, companies and params with field reasons, and templates not published', async () => {
    const { app, analyst } = await newsCallers(suite);
    const templateId = await insertTemplate(suite);
    const refusal = async (body: object) => {
      const response = await rulesCall(app, analyst, 'POST', '', body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json<{ code: string; reasons: Record<string, { code: string }> }>();
    };
    const schedule = { name: 'S', enabled: true, trigger: 'schedule', templateId, params: { company: 1 } };

    expect((await refusal({ ...schedule, cron: '0 0 9 * * *' })).reasons).toEqual({ cron: { code: 'finviewCron' } });
    expect((await refusal({ ...schedule, cron: 'every day' })).reasons.cron?.code).toBe('finviewCron');
    expect((await refusal({ ...schedule })).reasons.cron?.code).toBe('required');
    expect((await refusal({ ...schedule, cron: '0 9 * * *', timezone: 'Mars/Olympus' })).reasons).toEqual({ timezone: { code: 'finviewTimezone' } });
    expect((await refusal({ ...eventRule(templateId, []), event: null })).reasons).toEqual({ event: { code: 'required' } });
    expect((await refusal(eventRule(templateId, [999_999_991]))).reasons).toEqual({ 'conditions.companyIds.0': { code: 'companyMissing' } });
    // Event fields fill params of event rules only.
    const manual = await refusal({ name: 'M', enabled: true, trigger: 'manual', templateId, params: { company: { event: 'companyId' } } });
    expect(manual.reasons).toEqual({ 'params.company': expect.objectContaining({ code: 'finviewEventParam' }) });
    // The body's own shape is the schema's: an unknown event field never reaches the service.
    const unknownField = await rulesCall(app, analyst, 'POST', '', eventRule(templateId, [], { params: { company: { event: 'nope' } } }));
    expect(unknownField.statusCode).toBe(422);

    const draftOnly = await insertTemplate(suite, { published: false });
    const unpublished = await rulesCall(app, analyst, 'POST', '', eventRule(draftOnly, []));
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json()).toMatchObject({ code: 'finviewNotPublished' });
    const missing = await rulesCall(app, analyst, 'POST', '', eventRule(999_999_992, []));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'finviewTemplateNotFound' });

    const manualDefault = await rulesCall(app, analyst, 'POST', '', { name: 'M', enabled: false, trigger: 'manual', templateId, params: { company: 1 }, dedupeKey: '  ' });
    expect(manualDefault.statusCode).toBe(201);
    expect(manualDefault.json()).toMatchObject({ dedupeKey: '{{rule}}:{{runId}}', nextRunAt: null, enabled: false });
    const [{ n } = { n: -1 }] = await suite.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'finview_rule' AND action = 'create' AND entity_id = $1`, [
      String(manualDefault.json<RuleAnswer>().id),
    ]);
    expect(n).toBe(1);
  });

  it('emits news.approved in the status change’s transaction, for items that become APPROVED only', async () => {
    const { app, analyst } = await newsCallers(suite);
    const company = await insertCompany(suite, 'Emit Co');
    const pending = await insertNews(suite, company, '2011-05-01T10:00:00Z', 'PENDING', 'Emitted headline');
    const already = await insertNews(suite, company, '2011-05-02T10:00:00Z', 'APPROVED');
    const heard: NewsApprovedEvent[] = [];
    let refuse = false;
    app.domainEvents.on('news.approved', async (tx, events) => {
      // The listener sees the change it is part of.
      for (const event of events) {
        const { rows } = await tx.query<{ news_status: string }>('SELECT news_status FROM news WHERE news_item_id = $1', [event.newsItemId]);
        expect(rows[0]?.news_status).toBe('APPROVED');
      }
      if (refuse) throw new Error('listener refuses');
      heard.push(...events);
    });
    const items = [pending, already].map((newsItemId) => ({ newsItemId, tableName: 'news_feed' }));

    expect((await post(app, analyst, '/change-news-status', { items, newsStatus: 'APPROVED' })).statusCode).toBe(200);
    expect(heard).toEqual([
      { newsItemId: pending, tableName: 'news_feed', companyId: Number(company), companyName: 'Emit Co', headline: 'Emitted headline', publishedAt: '2011-05-01T10:00:00.000Z' },
    ]);
    // Approving what is approved, or another status, says nothing.
    expect((await post(app, analyst, '/change-news-status', { items, newsStatus: 'APPROVED' })).statusCode).toBe(200);
    expect((await post(app, analyst, '/change-news-status', { items, newsStatus: 'PENDING' })).statusCode).toBe(200);
    expect(heard).toHaveLength(1);

    // A listener that throws fails the change with it: nothing half-done.
    refuse = true;
    const failed = await post(app, analyst, '/change-news-status', { items, newsStatus: 'APPROVED' });
    expect(failed.statusCode).toBe(500);
    const statuses = await suite.sql<{ news_status: string }>('SELECT news_status FROM news WHERE news_item_id = ANY ($1::bigint[]) ORDER BY news_item_id', [[pending, already]]);
    expect(statuses.map((row) => row.news_status)).toEqual(['PENDING', 'PENDING']);
  });
});

describeEachDatabase('finview rules tick queue', (suite) => {
  it('schedules finview-rules-tick every minute when the server has a job queue', async () => {
    const app = await suite.build({ DEMO_DATA: false }, { jobs: FAST_JOBS });
    await startRuleSchedule(app);
    await startRuleSchedule(app); // once per queue service
    expect(await app.jobs.schedules()).toContainEqual(expect.objectContaining({ name: RULES_TICK_QUEUE, cron: '* * * * *' }));
  });
});
