import { describe, expect, it } from 'vitest';
import type { RuleAnswer } from '../../../common/domains/finview/model';
import { fieldsOf } from '../../../src/pages/finview/create/params-form';
import { defaultDedupeKey, formValuesOf, ruleBodyOf, ruleErrorsOf } from '../../../src/pages/finview/rules/rule-form';

const fields = fieldsOf({
  type: 'object',
  properties: { company: { type: 'integer', 'x-source': 'company-records' }, day: { type: 'string', format: 'date' }, days: { type: 'integer' } },
  required: ['company'],
});

const rule: RuleAnswer = {
  id: 4, name: 'On news', enabled: true, trigger: 'event', cron: null, timezone: 'Asia/Kolkata', event: 'news.approved',
  conditions: { companyIds: [3, 5] }, templateId: 9, templateName: 'T', params: { company: { event: 'companyId' }, day: '2026-11-01', days: 7 },
  title: '{{event.headline}}', dedupeKey: '', lastFiredAt: null, nextRunAt: null, outputCount: 0, createdBy: null,
  createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', version: 2,
};

describe('finview rule form', () => {
  it('round-trips an event rule through the form', () => {
    const values = formValuesOf(rule, fields);
    expect(values.fromEvent).toEqual({ company: 'companyId' });
    expect(values.companyIds).toEqual([3, 5]);
    expect(ruleBodyOf(values, fields)).toEqual({
      name: 'On news', enabled: true, trigger: 'event', cron: null, timezone: 'Asia/Kolkata', event: 'news.approved',
      conditions: { companyIds: [3, 5] }, templateId: 9, params: { company: { event: 'companyId' }, day: '2026-11-01', days: 7 },
      title: '{{event.headline}}', dedupeKey: '',
    });
  });

  it('drops event choices and the watch-list outside event rules', () => {
    const values = { ...formValuesOf(rule, fields), trigger: 'schedule' as const, cron: ' 0 9 * * 1-5 ', params: { company: 12 } };
    expect(ruleBodyOf(values, fields)).toMatchObject({ trigger: 'schedule', cron: '0 9 * * 1-5', event: null, conditions: {}, params: { company: 12 } });
  });

  it('maps the server reasons onto the form', () => {
    expect(ruleErrorsOf({ 'conditions.companyIds': 'no such company', 'params.days': 'too big', cron: 'bad' })).toEqual([
      { name: ['companyIds'], errors: ['no such company'] },
      { name: ['params', 'days'], errors: ['too big'] },
      { name: ['cron'], errors: ['bad'] },
    ]);
    expect(defaultDedupeKey('manual')).toBe('{{rule}}:{{runId}}');
  });
});
