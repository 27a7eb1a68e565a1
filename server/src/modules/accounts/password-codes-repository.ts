import type { Queryable } from '../../db/index.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES } from '../../lib/one-time-codes.js';

export const CODE_REQUESTS_PER_WINDOW = 3;
export const CODE_REQUEST_WINDOW_MINUTES = 15;

/** What a code opens: a password reset, or an account locked after failed sign-ins. */
export type CodePurpose = 'reset' | 'unlock';

export interface LiveCode {
  id: string;
  code_hash: string;
}

/**
 * Records a request for the address (or another key, such as `unlock:<user id>`) and says
 * whether it is within the limit. Unknown addresses count too, so the limit itself reveals nothing.
 */
export async function allowCodeRequest(q: Queryable, email: string): Promise<boolean> {
  const { rows } = await q.query<{ recent: number }>(
    `WITH recorded AS (INSERT INTO password_code_requests (email_key) VALUES (lower($1)))
     SELECT count(*)::int AS recent FROM password_code_requests
      WHERE email_key = lower($1) AND requested_at > now() - make_interval(mins => $2)`,
    [email, CODE_REQUEST_WINDOW_MINUTES],
  );
  // The CTE's own row is not visible to the SELECT beside it, so `recent` counts earlier requests.
  return (rows[0]?.recent ?? 0) < CODE_REQUESTS_PER_WINDOW;
}

/** A new code replaces any earlier one of the user for the same purpose. */
export async function issueCode(q: Queryable, userId: string, purpose: CodePurpose, codeHash: string): Promise<void> {
  await q.query('UPDATE password_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose]);
  await q.query(
    `INSERT INTO password_codes (user_id, purpose, code_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [userId, purpose, codeHash, CODE_TTL_MINUTES],
  );
}

export async function hasLiveCode(q: Queryable, userId: string, purpose: CodePurpose): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM password_codes
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND attempts < $3`,
    [userId, purpose, CODE_MAX_ATTEMPTS],
  );
  return rows.length > 0;
}

/**
 * Takes one try of the user's usable code and returns it to compare: one statement, so
 * requests arriving together cannot take more than CODE_MAX_ATTEMPTS tries between them.
 */
export async function takeCodeTry(q: Queryable, userId: string, purpose: CodePurpose): Promise<LiveCode | undefined> {
  const { rows } = await q.query<LiveCode>(
    `UPDATE password_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM password_codes
                   WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND attempts < $3
                   ORDER BY id DESC LIMIT 1)
        AND attempts < $3
      RETURNING id::text AS id, code_hash`,
    [userId, purpose, CODE_MAX_ATTEMPTS],
  );
  return rows[0];
}

/** Uses the code up; false when it was used (by a request alongside) or expired meanwhile. */
export async function markCodeUsed(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query(
    'UPDATE password_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id',
    [id],
  );
  return rows.length > 0;
}

export async function prunePasswordCodes(q: Queryable): Promise<void> {
  await q.query(
    'DELETE FROM password_code_requests WHERE requested_at < now() - make_interval(mins => $1)',
    [CODE_REQUEST_WINDOW_MINUTES],
  );
  await q.query(`DELETE FROM password_codes WHERE expires_at < now() - interval '1 day'`);
}
