import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { HttpError, type FieldRefusal } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { egressPolicy, type EgressPolicy } from '../../lib/egress/policy.js';
import { isUniqueViolation } from '../../lib/paging.js';
import type { FeedAnswer, FeedInput } from '../../../../common/domains/announcements/model.js';
import { isFiveFieldCron, isTimeZone, nextCronTime } from '../finview/rule-schedule.js';
import { feedUrlRefusal } from './feed-reader.js';
import { deleteFeed, feedJobActive, findFeed, insertFeed, lockDueFeeds, setNextRun, updateFeed } from './feeds-repository.js';

// Feeds (docs/announcements.md "Feeds and ingestion"): Admins add, change, delete and run them;
// the job queue's tick sends the due ones. One run per feed at a time.

export const FEED_QUEUE = 'announcements-feed';
export const FEEDS_TICK_QUEUE = 'announcements-feeds-tick';

/** Why the egress policy refuses a feed's URL, with what it allows, or null. */
function urlRefusal(url: string, policy: EgressPolicy): FieldRefusal | null {
  const code = feedUrlRefusal(url, policy);
  if (code === 'egressHost') return { code, params: { hosts: policy.hosts.join(', ') || '-' } };
  if (code === 'egressFile') return { code, params: { folder: policy.fileDir ?? '-' } };
  return code;
}

/** The body checked and trimmed, or a 422 naming every refused field. */
function checkFeed(input: FeedInput, policy: EgressPolicy): FeedInput {
  const refused: Record<string, FieldRefusal> = {};
  const feed: FeedInput = {
    ...input,
    name: input.name.trim(),
    url: input.url.trim(),
    attachmentBase: input.attachmentBase.trim(),
    cron: input.cron.trim(),
    timezone: input.timezone.trim(),
  };
  if (feed.name === '') refused.name = 'notBlank';
  const url = urlRefusal(feed.url, policy);
  if (url) refused.url = url;
  const base = feed.attachmentBase === '' ? null : urlRefusal(feed.attachmentBase, policy);
  if (base) refused.attachmentBase = base;
  if (!isFiveFieldCron(feed.cron)) refused.cron = 'finviewCron';
  if (!isTimeZone(feed.timezone)) refused.timezone = 'finviewTimezone';
  if (Object.keys(refused).length > 0) throw new HttpError(422, 'validation', refused);
  return feed;
}

const nextRun = (feed: FeedInput, now = new Date()) => (feed.enabled ? nextCronTime(feed.cron, feed.timezone, now) : null);

function found(feed: FeedAnswer | null): FeedAnswer {
  if (!feed) throw new HttpError(404, 'feedNotFound');
  return feed;
}

async function unique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'recordTaken', { name: 'nameTaken' });
    throw error;
  }
}

export async function getFeed(q: Queryable, id: number): Promise<FeedAnswer> {
  return found(await findFeed(q, id));
}

export async function createFeed(fastify: FastifyInstance, actor: AuditActor, input: FeedInput): Promise<FeedAnswer> {
  const feed = checkFeed(input, egressPolicy(fastify.env));
  return fastify.db.transaction(async (tx) => {
    const id = await unique(insertFeed(tx, feed, nextRun(feed), actor.id));
    const after = found(await findFeed(tx, id));
    await recordAudit(tx, { actor, entity: 'announcement_feed', entityId: String(id), action: 'create', after });
    return after;
  });
}

export async function changeFeed(fastify: FastifyInstance, actor: AuditActor, id: number, input: FeedInput & { version: number }): Promise<FeedAnswer> {
  const feed = checkFeed(input, egressPolicy(fastify.env));
  return fastify.db.transaction(async (tx) => {
    const before = found(await findFeed(tx, id, { lock: true }));
    if (before.version !== input.version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: before.version } });
    await unique(updateFeed(tx, id, feed, nextRun(feed)));
    const after = found(await findFeed(tx, id));
    await recordAudit(tx, { actor, entity: 'announcement_feed', entityId: String(id), action: 'update', before, after });
    return after;
  });
}

export async function removeFeed(fastify: FastifyInstance, actor: AuditActor, id: number): Promise<void> {
  await fastify.db.transaction(async (tx) => {
    const before = found(await findFeed(tx, id, { lock: true }));
    await deleteFeed(tx, id);
    await recordAudit(tx, { actor, entity: 'announcement_feed', entityId: String(id), action: 'delete', before });
  });
}

/** POST feeds/:id/run: queues a run now; 409 feedRunning while one is queued or running. */
export async function requestRun(fastify: FastifyInstance, actor: AuditActor, id: number): Promise<void> {
  await fastify.db.transaction(async (tx) => {
    found(await findFeed(tx, id, { lock: true }));
    // A known feed first (an unknown one is 404 on any server), then whether this one can run jobs.
    if (!fastify.hasDecorator('jobs')) throw new HttpError(503, 'generic');
    if (await feedJobActive(tx, FEED_QUEUE, id)) throw new HttpError(409, 'feedRunning');
    const sent = await fastify.jobs.send(FEED_QUEUE, { feedId: id, trigger: 'manual', createdBy: Number(actor.id) }, { tx, createdBy: actor.id, origin: 'user' });
    await recordAudit(tx, { actor, entity: 'announcement_feed', entityId: String(id), action: 'run', after: { jobId: sent.id } });
  });
}

/**
 * One tick: every enabled feed due at `now` gets a run sent (unless one is queued or running)
 * and its next time moved on, in one transaction; expired soft locks are pruned. The number sent.
 */
export async function tickFeeds(fastify: FastifyInstance, now = new Date()): Promise<number> {
  let sent = 0;
  await fastify.db.transaction(async (tx) => {
    for (const feed of await lockDueFeeds(tx, now)) {
      await setNextRun(tx, feed.id, nextCronTime(feed.cron, feed.timezone, now));
      if (!fastify.hasDecorator('jobs') || (await feedJobActive(tx, FEED_QUEUE, feed.id))) continue;
      await fastify.jobs.send(FEED_QUEUE, { feedId: feed.id, trigger: 'schedule' }, { tx, origin: 'schedule' });
      sent += 1;
    }
  });
  await fastify.db.query('DELETE FROM announcement_locks WHERE expires_at < now()');
  return sent;
}
