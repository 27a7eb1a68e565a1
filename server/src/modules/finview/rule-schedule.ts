import cronParser from 'cron-parser';
import type { FastifyInstance } from 'fastify';

// When schedule rules fire (docs/finview.md "Rules"). One pg-boss cron queue ticks every minute
// (pg-boss 10 allows one cron schedule per queue); each tick fires the rules whose next cron time
// after their last firing has come. cron-parser is the parser pg-boss itself uses.

export const RULES_TICK_QUEUE = 'finview-rules-tick';

const ticking = new WeakSet<object>();

/** Whether `cron` is a five-field expression cron-parser reads (no seconds field, no aliases). */
export function isFiveFieldCron(cron: string): boolean {
  if (cron.trim().split(/\s+/).length !== 5) return false;
  try {
    cronParser.parseExpression(cron, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

/** Whether `timezone` is an IANA zone this runtime knows (Intl). */
export function isTimeZone(timezone: string): boolean {
  if (timezone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** The first cron time strictly after `after`, read in `timezone`. */
export function nextCronTime(cron: string, timezone: string, after: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: after, tz: timezone }).next().toDate();
}

/**
 * The cron minute a rule fires for now, or null when it is not due: the latest cron time in
 * (`since`, `now`]. Runs missed while no instance ticked collapse into that one, the latest.
 */
export function dueCronTime(cron: string, timezone: string, since: Date, now: Date): Date | null {
  // prev() answers strictly before currentDate: a millisecond on, a cron time at `now` itself counts.
  const latest = cronParser.parseExpression(cron, { currentDate: new Date(now.getTime() + 1), tz: timezone }).prev().toDate();
  return latest.getTime() > since.getTime() ? latest : null;
}

/**
 * Defines the tick queue, schedules it every minute and works it with `fire` (the due rules of
 * that moment). Nothing without a job queue (`fastify.jobs`).
 */
export async function startRuleTicks(fastify: FastifyInstance, fire: (now: Date) => Promise<void>): Promise<void> {
  if (!fastify.hasDecorator('jobs')) return;
  const { jobs } = fastify;
  // Once per queue service: a second call (finview's work and a test, say) changes nothing.
  if (ticking.has(jobs)) return;
  ticking.add(jobs);
  // A tick missed is covered by the next one: no retries, a short life.
  await jobs.define(RULES_TICK_QUEUE, { retryLimit: 0, expireInSeconds: 300 });
  await jobs.schedule(RULES_TICK_QUEUE, '* * * * *');
  jobs.work(RULES_TICK_QUEUE, async () => {
    await fire(new Date());
  });
}
