import type { Queryable } from '../../db/index.js';
import type { Role } from '../../../../common/resources/types.js';
import type { UserStatus } from '../../../../common/domains/admin/model.js';
import { containsPattern, isoOf, limitOffset, orderBy, type Page, type PageRequest } from '../../lib/paging.js';

/** A user as the admin API shows it: never the password hash. */
export interface AdminUser {
  id: string;
  username: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  enterpriseId: string | null;
  enterpriseName: string | null;
  createdAt: string;
  updatedAt: string;
  /** The row's check number, which a workflow transition's `version` must match (bumped on every write by migration 022's trigger). */
  version: number;
}

export interface UserFilter extends PageRequest {
  q?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
  /** One id, or several as `a,b` (the generic list's multiSelect): any of them. */
  enterpriseId?: string | undefined;
}

export interface UserChange {
  email: string;
  name: string;
  role: Role;
  enterpriseId: string | null;
}


const SELECT = `SELECT u.id::text AS id, u.username, u.email, u.name, u.role, u.status,
       u.enterprise_id::text AS "enterpriseId", e.name AS "enterpriseName",
       u.created_at AS "createdAt", u.updated_at AS "updatedAt", u.version
  FROM users u LEFT JOIN enterprises e ON e.id = u.enterprise_id`;

const WHERE = `WHERE ($1::text IS NULL OR u.username ILIKE $1 OR u.email ILIKE $1 OR u.name ILIKE $1)
   AND ($2::smallint IS NULL OR u.role = $2) AND ($3::text IS NULL OR u.status = $3)
   AND ($4::bigint[] IS NULL OR u.enterprise_id = ANY($4::bigint[]))`;

const SORTABLE: Record<string, string> = {
  username: 'lower(u.username)',
  email: 'lower(u.email)',
  name: 'lower(u.name)',
  role: 'u.role',
  status: 'u.status',
  enterpriseName: 'lower(e.name)',
  // The generic list's enterprise column filters by id and is drawn (and sorted) by name.
  enterpriseId: 'lower(e.name)',
  createdAt: 'u.created_at',
  updatedAt: 'u.updated_at',
};

type Row = Omit<AdminUser, 'createdAt' | 'updatedAt'> & { createdAt: unknown; updatedAt: unknown };

function toUser(row: Row): AdminUser {
  return { ...row, role: Number(row.role) as Role, version: Number(row.version), createdAt: isoOf(row.createdAt), updatedAt: isoOf(row.updatedAt) };
}

function usersWhere(filter: UserFilter): { where: string; params: unknown[] } {
  const enterprises = filter.enterpriseId ? filter.enterpriseId.split(',').map((id) => id.trim()) : null;
  return { where: WHERE, params: [containsPattern(filter.q), filter.role ?? null, filter.status ?? null, enterprises] };
}

/** The list's users unpaged, in its order (or only `ids` among them), for an export: SQL and parameters, `from` alone for counting. */
export function unpagedUsers(filter: Omit<UserFilter, 'page' | 'pageSize'>, ids?: readonly string[]): { sql: string; from: string; params: unknown[] } {
  const { where, params } = usersWhere(filter);
  const chosen = ids ? ` AND u.id = ANY($${params.push(ids)}::text[]::bigint[])` : '';
  return {
    sql: `${SELECT} ${where}${chosen} ORDER BY ${orderBy(filter.sort, SORTABLE, 'u.created_at DESC', 'u.id')}`,
    from: `FROM users u ${where}${chosen}`,
    params,
  };
}

export async function listUsers(q: Queryable, filter: UserFilter): Promise<Page<AdminUser>> {
  const { params } = usersWhere(filter);
  const { limit, offset } = limitOffset(filter);
  const order = orderBy(filter.sort, SORTABLE, 'u.created_at DESC', 'u.id');
  const [{ rows }, counted] = await Promise.all([
    q.query<Row>(`${SELECT} ${WHERE} ORDER BY ${order} LIMIT $5 OFFSET $6`, [...params, limit, offset]),
    q.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${WHERE}`, params),
  ]);
  return { rows: rows.map(toUser), total: counted.rows[0]?.total ?? 0 };
}

export async function findUser(q: Queryable, id: string): Promise<AdminUser | undefined> {
  const { rows } = await q.query<Row>(`${SELECT} WHERE u.id = $1`, [id]);
  return rows[0] && toUser(rows[0]);
}

/** Locks the user's row for the rest of the transaction, then reads it. */
export async function lockUser(q: Queryable, id: string): Promise<AdminUser | undefined> {
  const { rows } = await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
  return rows.length > 0 ? findUser(q, id) : undefined;
}

/**
 * Locks every active Super Admin and counts them: two demotions running at once
 * queue here, and the second sees the first, so the last one always stays.
 */
export async function lockActiveSuperAdmins(q: Queryable): Promise<number> {
  const { rows } = await q.query(`SELECT id FROM users WHERE role = 0 AND status = 'active' ORDER BY id FOR UPDATE`);
  return rows.length;
}

/** Which of the two a user other than `exceptId` already has (case-insensitive). */
export async function userConflicts(q: Queryable, username: string | null, email: string, exceptId: string | null): Promise<{ username: boolean; email: boolean }> {
  const { rows } = await q.query<{ username: boolean; email: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1) AND ($3::bigint IS NULL OR id <> $3::bigint)) AS username,
            EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2) AND ($3::bigint IS NULL OR id <> $3::bigint)) AS email`,
    [username ?? '', email, exceptId],
  );
  return rows[0] ?? { username: false, email: false };
}

/** The new id, or null when the username or the email is taken. */
export async function insertUserIfAbsent(
  q: Queryable,
  user: UserChange & { username: string; status: UserStatus; passwordHash: string },
): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO users (username, email, name, role, status, password_hash, enterprise_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT DO NOTHING
     RETURNING id::text AS id`,
    [user.username, user.email, user.name, user.role, user.status, user.passwordHash, user.enterpriseId],
  );
  return rows[0]?.id ?? null;
}

export async function updateUser(q: Queryable, id: string, change: UserChange): Promise<void> {
  await q.query(
    `UPDATE users SET email = $2, name = $3, role = $4, enterprise_id = $5, updated_at = now() WHERE id = $1`,
    [id, change.email, change.name, change.role, change.enterpriseId],
  );
}

export async function setUserStatus(q: Queryable, id: string, status: UserStatus): Promise<void> {
  await q.query('UPDATE users SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}
