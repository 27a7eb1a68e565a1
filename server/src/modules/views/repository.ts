import type { Queryable } from '../../db/index.js';
import type { Density } from '../../../../common/domains/views/model.js';
import type { PreferencesValue, ViewStateValue } from '../../../../common/domains/views/schemas.js';
import type { Role } from '../../../../common/resources/types.js';

// SQL of list_views and list_preferences (migration 020). Ids travel as text: they are bigint.

/** A view as stored, with its owner's name beside it. */
export interface ViewRow {
  id: string;
  ownerId: string;
  ownerName: string;
  resource: string;
  name: string;
  state: ViewStateValue;
  sharedRole: Role | null;
  version: number;
}

/** What a create writes; a change writes the same minus the owner and resource. */
export interface ViewWrite {
  name: string;
  state: ViewStateValue;
  sharedRole: Role | null;
}

const SELECT = `SELECT v.id::text AS id, v.owner_id::text AS "ownerId", u.name AS "ownerName", v.resource, v.name, v.state,
         v.shared_role AS "sharedRole", v.version
  FROM list_views v
  JOIN users u ON u.id = v.owner_id`;

/**
 * The views of one list a user sees: their own, and those shared with their role or a less
 * powerful one (a view shared with Users is everyone's). Their own first, then by name.
 */
export async function listViews(q: Queryable, userId: string, role: Role, resource: string): Promise<ViewRow[]> {
  const { rows } = await q.query<ViewRow>(
    `${SELECT}
     WHERE v.resource = $1 AND (v.owner_id = $2 OR v.shared_role >= $3)
     ORDER BY (v.owner_id = $2) DESC, lower(v.name), v.id`,
    [resource, userId, role],
  );
  return rows;
}

export async function findView(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<ViewRow | null> {
  const { rows } = await q.query<ViewRow>(`${SELECT} WHERE v.id = $1${options.lock ? ' FOR UPDATE OF v' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function insertView(q: Queryable, ownerId: string, resource: string, write: ViewWrite): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO list_views (owner_id, resource, name, state, shared_role) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id::text AS id`,
    [ownerId, resource, write.name, JSON.stringify(write.state), write.sharedRole],
  );
  return (rows[0] as { id: string }).id;
}

export async function updateView(q: Queryable, id: string, write: ViewWrite): Promise<void> {
  await q.query('UPDATE list_views SET name = $2, state = $3::jsonb, shared_role = $4 WHERE id = $1', [id, write.name, JSON.stringify(write.state), write.sharedRole]);
}

export async function deleteView(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM list_views WHERE id = $1', [id]);
}

export async function findPreferences(q: Queryable, userId: string, resource: string): Promise<PreferencesValue | null> {
  const { rows } = await q.query<{ columns: string[] | null; density: Density }>(
    'SELECT columns, density FROM list_preferences WHERE user_id = $1 AND resource = $2',
    [userId, resource],
  );
  return rows[0] ?? null;
}

/** Writes one user's preferences for one list, creating the row the first time. */
export async function upsertPreferences(q: Queryable, userId: string, resource: string, preferences: PreferencesValue): Promise<void> {
  await q.query(
    `INSERT INTO list_preferences (user_id, resource, columns, density) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (user_id, resource) DO UPDATE SET columns = EXCLUDED.columns, density = EXCLUDED.density`,
    [userId, resource, preferences.columns === null ? null : JSON.stringify(preferences.columns), preferences.density],
  );
}
