import { expect, it } from 'vitest';
import type { OutputAnswer, RuleAnswer } from '../../../common/domains/finview/model.js';
import { fireDueSchedules } from '../../../server/src/modules/finview/rules-service.js';
import { ADMIN_PASSWORD, DEMO_PASSWORD, describeEachDatabase, login } from '../helper';
import { FAST_JOBS } from '../lib/jobs/jobs-helper';
import { insertCompany, insertNews, newsConfigFile, post } from '../news/news-helper';
import { eventRule, insertTemplate, rulesCall } from './rules-helper';

// Rules that make outputs: these go through the real createOutput (outputs-service.ts), so
// they need the outputs helper's branch merged (on the rules branch alone it is a placeholder).

describeEachDatabase('finview rules firing', (suite) => {
  async function callers() {
    const app = await suite.build({ APP_CONFIG: newsConfigFile() }, { jobs: FAST_JOBS });
    const [analyst, admin] = await Promise.all([login(app, 'analyst', DEMO_PASSWORD), login(app, 'superadmin', ADMIN_PASSWORD)]);
    return { app, analyst, admin };
  }
  const outputsOf = (ruleId: number) =>
    suite.sql<{ id: number; origin: string; created_by: number | null; job_id: string }>(
      'SELECT id::int AS id, origin, created_by::int AS created_by, job_id::text AS job_id FROM finview_outputs WHERE rule_id = $1 ORDER BY id',
      [ruleId],
    );
  const jobsWithKey = (key: string) => suite.sql<{ id: string }>('SELECT id::text AS id FROM jobs WHERE singleton_key = $1', [key]);

  it('makes one output per approved news item of a watched company, never a second on re-approval', async () => {
    const { app, analyst } = await callers();
    const watched = await insertCompany(suite, 'Watched Co');
    const other = await insertCompany(suite, 'Other Co');
    const templateId = await insertTemplate(suite);
    const created = await rulesCall(app, analyst, 'POST', '', eventRule(templateId, [Number(watched)]));
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json<RuleAnswer>();
    const item = await insertNews(suite, watched, '2012-06-01T09:00:00Z', 'PENDING', 'Results are in');
    const otherItem = await insertNews(suite, other, '2012-06-01T10:00:00Z', 'PENDING');
    const change = (newsItemId: string, newsStatus: string) => post(app, analyst, '/change-news-status', { items: [{ newsItemId, tableName: 'news_feed' }], newsStatus });

    expect((await change(item, 'APPROVED')).statusCode).toBe(200);
    const key = `rule:${rule.id}:${rule.id}:${item}`;
    const [output, ...more] = await outputsOf(rule.id);
    expect(more).toEqual([]);
    expect(output).toMatchObject({ origin: 'rule', created_by: Number(analyst.userId) });
    const jobs = await jobsWithKey(key);
    expect(jobs).toEqual([{ id: output?.job_id }]);

    // Un-approve and approve again: the same event, the same key, no second output.
    expect((await change(item, 'PENDING')).statusCode).toBe(200);
    expect((await change(item, 'APPROVED')).statusCode).toBe(200);
    expect(await outputsOf(rule.id)).toHaveLength(1);
    expect(await jobsWithKey(key)).toHaveLength(1);

    // Another company's news: the rule watches only its own.
    expect((await change(otherItem, 'APPROVED')).statusCode).toBe(200);
    expect(await outputsOf(rule.id)).toHaveLength(1);

    const shown = (await rulesCall(app, analyst, 'GET', `/${rule.id}`)).json<RuleAnswer>();
    expect(shown.outputCount).toBe(1);
    expect(shown.lastFiredAt).not.toBeNull();
  });

  it('skips a rule that cannot fire without failing the approval or the other rules', async () => {
    const { app, analyst } = await callers();
    const company = await insertCompany(suite, 'Skip Co');
    const broken = await insertTemplate(suite);
    const fine = await insertTemplate(suite);
    const bad = (await rulesCall(app, analyst, 'POST', '', eventRule(broken, [Number(company)]))).json<RuleAnswer>();
    const good = (await rulesCall(app, analyst, 'POST', '', eventRule(fine, [Number(company)]))).json<RuleAnswer>();
    // Its template loses its published version after the rule was saved: createOutput refuses (finviewNotPublished).
    await suite.sql('UPDATE finview_templates SET published_version = NULL WHERE id = $1', [broken]);
    const items = [await insertNews(suite, company, '2012-07-01T09:00:00Z'), await insertNews(suite, company, '2012-07-02T09:00:00Z')];

    // Both items at once: one output each from the rule that can fire.
    const approved = await post(app, analyst, '/change-news-status', { items: items.map((newsItemId) => ({ newsItemId, tableName: 'news_feed' })), newsStatus: 'APPROVED' });
    expect(approved.statusCode).toBe(200);
    expect(await outputsOf(bad.id)).toEqual([]);
    expect(await outputsOf(good.id)).toHaveLength(2);
  });

  it('runs a rule by hand: a new output each time, audited', async () => {
    const { app, analyst } = await callers();
    const company = Number(await insertCompany(suite, 'Manual Co'));
    const templateId = await insertTemplate(suite);
    const rule = (
      await rulesCall(app, analyst, 'POST', '', { name: 'By hand', enabled: true, trigger: 'manual', templateId, params: { company }, title: 'Manual {{rule}}' })
    ).json<RuleAnswer>();

    const first = await rulesCall(app, analyst, 'POST', `/${rule.id}/run`);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<OutputAnswer>()).toMatchObject({ origin: 'rule', rule: { id: rule.id, name: 'By hand' }, title: `Manual ${rule.id}`, params: { company } });
    expect((await rulesCall(app, analyst, 'POST', `/${rule.id}/run`)).statusCode).toBe(201);
    expect(await outputsOf(rule.id)).toHaveLength(2);
    const audit = await suite.sql<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'finview_rule' AND entity_id = $1 ORDER BY id`, [String(rule.id)]);
    expect(audit.map((row) => row.action)).toEqual(['create', 'run', 'run']);
    expect((await rulesCall(app, analyst, 'POST', '/999999993/run')).statusCode).toBe(404);
  });

  it('fires a due schedule rule once for its cron minute', async () => {
    const { app, analyst } = await callers();
    const company = Number(await insertCompany(suite, 'Tick Co'));
    const templateId = await insertTemplate(suite);
    const rule = (
      await rulesCall(app, analyst, 'POST', '', { name: 'Every minute', enabled: true, trigger: 'schedule', cron: '* * * * *', templateId, params: { company } })
    ).json<RuleAnswer>();
    const minute = new Date(rule.nextRunAt as string);

    await fireDueSchedules(app, new Date(minute.getTime() - 1000));
    expect(await outputsOf(rule.id)).toEqual([]);
    await fireDueSchedules(app, new Date(minute.getTime() + 5000));
    await fireDueSchedules(app, new Date(minute.getTime() + 30_000));
    const outputs = await outputsOf(rule.id);
    expect(outputs).toEqual([expect.objectContaining({ origin: 'schedule' })]);
    expect(await jobsWithKey(`rule:${rule.id}:${rule.id}:${minute.toISOString()}`)).toHaveLength(1);
    const shown = (await rulesCall(app, analyst, 'GET', `/${rule.id}`)).json<RuleAnswer>();
    expect(shown.lastFiredAt).toBe(minute.toISOString());
  });
});
