import type { Queryable } from '../../db/index.js';
import type { Role } from '../../../../common/resources/types.js';
import type { UserStatus } from '../../../../common/domains/admin/model.js';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  password_hash: string;
}

export interface NewUser {
  username: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  passwordHash: string;
}

// ids leave the database as text: bigint does not fit a JavaScript number, and the API speaks strings.
const USER_COLUMNS = 'id::text AS id, username, email, name, role, status, password_hash';

/** Exact match: the sealing IV is built from the username as stored. */
export async function findUserByUsername(q: Queryable, username: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE username = $1`, [username]);
  return rows[0];
}

/** Whatever the case: failures and locks count per lower-cased name. */
export async function findUserByUsernameKey(q: Queryable, usernameKey: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = $1`, [usernameKey]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

export async function findActiveUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1) AND status = 'active'`,
    [email],
  );
  return rows[0];
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0];
}

/** A fresh id of the users sequence that no row will ever take (the answer to a registration that inserted nothing). */
export async function unusedUserId(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('users', 'id'))::text AS id`);
  const id = rows[0]?.id;
  if (!id) throw new Error('the users sequence gave no value');
  return id;
}

/** The new id, or null when the username or the email is taken (then see `userConflicts`). */
export async function insertUserIfAbsent(q: Queryable, user: NewUser): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO users (username, email, name, role, status, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT DO NOTHING
     RETURNING id::text AS id`,
    [user.username, user.email, user.name, user.role, user.status, user.passwordHash],
  );
  return rows[0]?.id ?? null;
}

export async function userConflicts(q: Queryable, username: string, email: string): Promise<{ username: boolean; email: boolean }> {
  const { rows } = await q.query<{ username: boolean; email: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1)) AS username,
            EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2)) AS email`,
    [username, email],
  );
  return rows[0] ?? { username: false, email: false };
}

export async function usernameExists(q: Queryable, username: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
  return rows.length > 0;
}

export async function setUserPassword(q: Queryable, id: string, passwordHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
}
