import type { FeedAnswer, FeedInput, FeedRunAnswer } from '../../../../common/domains/announcements/model';
import { useEndpointPath } from '../../../registry/resource-urls';

// The feeds' calls (docs/announcements.md "Feeds and ingestion"), under the resource's endpoint
// in the registry (`/be-api-management/announcements/feeds`). URL builders and pure helpers only.
const part = (value: string | number) => encodeURIComponent(String(value));

/** How many runs the page lists (newest first). */
export const RUNS_PAGE_SIZE = 50;

export function feedsApi(base: string) {
  return {
    feeds: base,
    feed: (id: number) => `${base}/${part(id)}`,
    run: (id: number) => `${base}/${part(id)}/run`,
    runs: (feedId?: number) => `${base}/runs?pageSize=${RUNS_PAGE_SIZE}${feedId === undefined ? '' : `&feedId=${part(feedId)}`}`,
  } as const;
}

export type FeedsApi = ReturnType<typeof feedsApi>;

export function useFeedsApi(): FeedsApi {
  return feedsApi(useEndpointPath('announcement-feeds'));
}

/** The form's fields, in its order: the server's 422 reasons land on these. */
export const FEED_FIELDS = ['source', 'name', 'url', 'attachmentBase', 'cron', 'timezone', 'enabled'] as const satisfies readonly (keyof FeedInput)[];

export const NEW_FEED: FeedInput = { source: 'BSE', name: '', url: 'https://', attachmentBase: '', cron: '*/15 * * * *', timezone: 'Asia/Kolkata', enabled: true };

/** What the edit form starts from: the feed's own values. */
export function feedInputOf(feed: FeedAnswer): FeedInput {
  const { source, name, url, attachmentBase, cron, timezone, enabled } = feed;
  return { source, name, url, attachmentBase, cron, timezone, enabled };
}

/** How long to wait after Run now for the queued run to show up before polling stops. */
export const RUN_NOW_WATCH_MS = 30_000;
export const POLL_MS = 3_000;

/**
 * The runs list's polling: every few seconds while a run is running (in the list, or as a
 * feed's last run), or a Run now is still waiting for its run to appear; off otherwise.
 */
export function pollInterval(runs: readonly FeedRunAnswer[], feeds: readonly FeedAnswer[], watchUntil: number, now: number): number | false {
  const running = runs.some((run) => run.status === 'running') || feeds.some((feed) => feed.lastRun?.status === 'running');
  return running || now < watchUntil ? POLL_MS : false;
}

/** The counts a run row shows, in order (`announcementFeeds.counts.<key>` labels them). */
export const RUN_COUNTS = ['entries', 'inserted', 'known', 'grouped', 'unmatched', 'malformed', 'attachmentsFailed'] as const satisfies readonly (keyof FeedRunAnswer)[];
