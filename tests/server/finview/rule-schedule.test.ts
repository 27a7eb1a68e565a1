import { describe, expect, it } from 'vitest';
import { dueCronTime, isFiveFieldCron, isTimeZone, nextCronTime } from '../../../server/src/modules/finview/rule-schedule.js';
import { fillPlaceholders } from '../../../server/src/modules/finview/rules-service.js';

const at = (iso: string) => new Date(iso);

describe('finview rule schedule', () => {
  it('accepts five-field cron expressions only', () => {
    expect(isFiveFieldCron('0 9 * * 1-5')).toBe(true);
    expect(isFiveFieldCron('*/15 * * * *')).toBe(true);
    expect(isFiveFieldCron('0 0 9 * * 1-5')).toBe(false); // six fields: seconds
    expect(isFiveFieldCron('0 9 * *')).toBe(false);
    expect(isFiveFieldCron('61 9 * * *')).toBe(false);
    expect(isFiveFieldCron('@daily')).toBe(false);
    expect(isFiveFieldCron('')).toBe(false);
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('reads the cron in the rule’s time zone', () => {
    // 09:00 in Kolkata is 03:30 UTC.
    expect(nextCronTime('0 9 * * *', 'Asia/Kolkata', at('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T03:30:00.000Z');
    expect(nextCronTime('0 9 * * *', 'UTC', at('2026-11-23T09:00:00Z')).toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });

  it('is due once the next cron time after the last firing has come, for that minute', () => {
    const since = at('2026-11-23T08:59:30Z');
    expect(dueCronTime('0 9 * * *', 'UTC', since, at('2026-11-23T08:59:59Z'))).toBeNull();
    expect(dueCronTime('0 9 * * *', 'UTC', since, at('2026-11-23T09:00:00Z'))?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(dueCronTime('0 9 * * *', 'UTC', since, at('2026-11-23T09:00:41Z'))?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    // Fired for 09:00: not due again until tomorrow's 09:00.
    expect(dueCronTime('0 9 * * *', 'UTC', at('2026-11-23T09:00:00Z'), at('2026-11-23T09:01:00Z'))).toBeNull();
    expect(dueCronTime('0 9 * * *', 'UTC', at('2026-11-23T09:00:00Z'), at('2026-11-24T09:00:05Z'))?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });

  it('collapses runs missed while nothing ticked into the latest one', () => {
    expect(dueCronTime('*/10 * * * *', 'UTC', at('2026-11-23T08:00:00Z'), at('2026-11-23T08:47:12Z'))?.toISOString()).toBe('2026-11-23T08:40:00.000Z');
  });

  it('fills the placeholders it knows and leaves the others for the renderer', () => {
    const values = { rule: 7, 'event.newsItemId': '42', scheduledAt: undefined };
    expect(fillPlaceholders('{{rule}}:{{event.newsItemId}}', values)).toBe('7:42');
    expect(fillPlaceholders('{{ rule }} {{companyName}} {{scheduledAt}}', values)).toBe('7 {{companyName}} {{scheduledAt}}');
  });
});
