import type { Queryable } from '../../db/index.js';

// Sign-in protection (README "Sign-in protection"). Failures count per account (the
// lower-cased username, known or not, so the answers tell nobody which names exist)
// and per client address. Neither ever locks a person out for good: an account's
// delays stop at a minute and then it locks, which its owner lifts with the password
// and a mailed code; an address's delays stop at 30 seconds.
export const ACCOUNT_WINDOW_HOURS = 24;
export const ACCOUNT_FREE_FAILURES = 2;
export const ACCOUNT_MAX_DELAY_SECONDS = 60;
export const ACCOUNT_LOCK_FAILURES = 10;
export const ADDRESS_WINDOW_MINUTES = 15;
export const ADDRESS_FREE_FAILURES = 10;
export const ADDRESS_MAX_DELAY_SECONDS = 30;

/** Seconds to wait after the latest of `failures`: none for the first `free`, then 1, 2, 4… up to `max`. */
export function backOffSeconds(failures: number, free: number, max: number): number {
  return failures <= free ? 0 : Math.min(2 ** (failures - free - 1), max);
}

export interface SignInState {
  /** Seconds before one more attempt is allowed; 0: now. */
  retryAfter: number;
  /** The account needs the password and a mailed code. */
  locked: boolean;
}

interface Counts {
  account_failures: number;
  account_since: number | null;
  address_failures: number;
  address_since: number | null;
}

function waitFor(failures: number, since: number | null, free: number, max: number): number {
  return since === null ? 0 : Math.max(0, Math.ceil(backOffSeconds(failures, free, max) - since));
}

/** Counted in the database, on its clock, so every instance enforces the same delays. */
export async function signInState(q: Queryable, usernameKey: string, ip: string): Promise<SignInState> {
  const { rows } = await q.query<Counts>(
    `WITH account AS (
       SELECT count(*)::int AS n, extract(epoch FROM now() - max(failed_at))::float8 AS since
         FROM login_failures WHERE username_key = $1 AND failed_at > now() - make_interval(hours => $3)
     ), address AS (
       SELECT count(*)::int AS n, extract(epoch FROM now() - max(failed_at))::float8 AS since
         FROM login_failures WHERE ip = $2 AND failed_at > now() - make_interval(mins => $4)
     )
     SELECT account.n AS account_failures, account.since AS account_since,
            address.n AS address_failures, address.since AS address_since
       FROM account, address`,
    [usernameKey, ip, ACCOUNT_WINDOW_HOURS, ADDRESS_WINDOW_MINUTES],
  );
  const counts = rows[0] ?? { account_failures: 0, account_since: null, address_failures: 0, address_since: null };
  const locked = counts.account_failures >= ACCOUNT_LOCK_FAILURES;
  const addressWait = waitFor(counts.address_failures, counts.address_since, ADDRESS_FREE_FAILURES, ADDRESS_MAX_DELAY_SECONDS);
  // A locked account waits for no delay of its own: the code guards it, and an attacker
  // must not be able to keep its owner waiting.
  const accountWait = locked ? 0 : waitFor(counts.account_failures, counts.account_since, ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_SECONDS);
  return { retryAfter: Math.max(addressWait, accountWait), locked };
}

/** Records a failure; true when it is the one that locks the account. */
export async function recordLoginFailure(q: Queryable, usernameKey: string, ip: string): Promise<boolean> {
  const { rows } = await q.query<{ n: number }>(
    `WITH recorded AS (INSERT INTO login_failures (username_key, ip) VALUES ($1, $2))
     SELECT count(*)::int AS n FROM login_failures
      WHERE username_key = $1 AND failed_at > now() - make_interval(hours => $3)`,
    [usernameKey, ip, ACCOUNT_WINDOW_HOURS],
  );
  // The CTE's own row is not visible to the SELECT beside it: `n` counts the earlier ones.
  return (rows[0]?.n ?? 0) + 1 === ACCOUNT_LOCK_FAILURES;
}

/** After a successful login, an unlock or a reset, the account starts again; addresses keep their counts. */
export async function clearLoginFailures(q: Queryable, usernameKey: string): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE username_key = $1', [usernameKey]);
}

export async function pruneLoginFailures(q: Queryable): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE failed_at < now() - make_interval(hours => $1)', [ACCOUNT_WINDOW_HOURS]);
}
