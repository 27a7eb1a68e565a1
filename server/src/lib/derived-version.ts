/**
 * A version for a table without a `version` column (users, news): the time of its last change,
 * to the microsecond (every write sets `updated_at`), folded into the range of an edit's version
 * (common/schemas.ts Version). `alias` is the table's alias in the query.
 */
export const versionFromUpdatedAt = (alias: string): string =>
  `((floor(extract(epoch FROM ${alias}.updated_at) * 1000000)::bigint % 2147483646) + 1)::int`;
