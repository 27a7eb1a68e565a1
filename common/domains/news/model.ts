// News management's vocabulary (API.md "News management"): the values the server checks and
// the pages offer. Plain data only: the client's bundle takes these without TypeBox.

export const NEWS_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** The opaque `tableName` values: the feed an item came from. */
export const NEWS_TABLES = ['news_feed', 'news_wire'] as const;
export type NewsTable = (typeof NEWS_TABLES)[number];

/** The fields the news list sorts by, each backed by an index (see migration 003). */
export const NEWS_SORT_FIELDS = ['publishedAt', 'updatedAt', 'newsStatus', 'companyName', 'newsItemId'] as const;
export type NewsSortField = (typeof NEWS_SORT_FIELDS)[number];
