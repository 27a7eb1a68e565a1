import type { FastifyInstance } from 'fastify';
import type { DomainEvents } from '../../lib/domain-events.js';
import { startRuleTicks } from './rule-schedule.js';
import { fireDueSchedules, fireEventRules } from './rules-service.js';

// What fires rules (docs/finview.md "Rules"): domain events in the emitter's transaction, and
// the every-minute tick of the job queue for schedules.

const subscribed = new WeakSet<DomainEvents>();

/**
 * Subscribes finview's event rules to `news.approved`. Once per app: calling it again (the
 * rules routes do, and finview's index may) changes nothing.
 */
export function registerRuleTriggers(fastify: FastifyInstance): void {
  const events = fastify.domainEvents;
  if (subscribed.has(events)) return;
  subscribed.add(events);
  events.on('news.approved', (tx, approved) => fireEventRules(fastify, tx, approved));
}

/** The schedule tick queue `finview-rules-tick` (every minute), when the server has a job queue. */
export async function startRuleSchedule(fastify: FastifyInstance): Promise<void> {
  await startRuleTicks(fastify, async (now) => {
    await fireDueSchedules(fastify, now);
  });
}
