import type { FastifyInstance } from 'fastify';
import { canAccess } from '../../../../common/access.js';
import { DEFAULT_DENSITY, MAX_VIEW_STATE_BYTES } from '../../../../common/domains/views/model.js';
import { verhoeffValid } from '../../../../common/domains/kyc/rules.js';
import type { PreferencesValue, ViewAnswerValue, ViewBodyValue, ViewChangeValue, ViewStateValue } from '../../../../common/domains/views/schemas.js';
import { enabledResources } from '../../../../common/resources/generate.js';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/paging.js';
import type { Actor } from '../../plugins/app/access.js';
import { deleteView, findPreferences, findView, insertView, listViews, updateView, upsertPreferences, type ViewRow, type ViewWrite } from './repository.js';

const VIEW_ENTITY = 'list_view';
const PREFERENCES_ENTITY = 'list_preference';

/**
 * Views and preferences belong to a list the caller may open: the resource must be switched on
 * by the runtime configuration and its `list` allowed to the caller's role (common/access.ts).
 * Anything else is refused alike (403), so the answer does not tell which resources exist.
 */
export async function checkListable(fastify: FastifyInstance, actor: Actor, resource: string): Promise<void> {
  const enabled = enabledResources(await fastify.appConfig.current());
  if (!enabled.some((definition) => definition.name === resource) || !canAccess(actor.role, { resource, action: 'list' })) {
    throw new HttpError(403, 'forbidden');
  }
}

/** A view shared with role R is seen by every user whose role is R or more powerful. */
function visibleTo(row: ViewRow, actor: Actor): boolean {
  return row.ownerId === actor.id || (row.sharedRole !== null && actor.role <= row.sharedRole);
}

export function viewAnswer(row: ViewRow, actor: Actor): ViewAnswerValue {
  return {
    id: row.id,
    resource: row.resource,
    name: row.name,
    state: row.state,
    sharedRole: row.sharedRole,
    owner: { id: row.ownerId, name: row.ownerName },
    mine: row.ownerId === actor.id,
    version: row.version,
  };
}

/** Twelve digits, together or in groups (1234 5678 9012, 1234-5678-9012), as a search box may hold them. */
const TWELVE_DIGITS = /(?<!\d)\d{4}[ -]?\d{4}[ -]?\d{4}(?!\d)/g;

function checkState(state: ViewStateValue): void {
  const json = JSON.stringify(state);
  if (Buffer.byteLength(json, 'utf8') > MAX_VIEW_STATE_BYTES) {
    throw new HttpError(422, 'validation', { state: { code: 'viewStateTooLarge', params: { kb: MAX_VIEW_STATE_BYTES / 1024 } } });
  }
  // The vault rule (docs/kyc.md): no full Aadhaar number is kept anywhere but the vault. A
  // list's search may hold one (the subjects' search looks it up through the vault), and a
  // saved view would store it: such a view is refused.
  if ((json.match(TWELVE_DIGITS) ?? []).some((match) => verhoeffValid(match.replace(/[ -]/g, '')))) {
    throw new HttpError(422, 'validation', { state: 'viewHoldsAadhaar' });
  }
}

/** A clash of one owner's names (the unique index of migration 020) as the catalogue says it. */
function nameTaken(error: unknown): unknown {
  return isUniqueViolation(error) ? new HttpError(409, 'viewNameTaken', { name: 'nameTaken' }) : error;
}

export async function viewsOf(fastify: FastifyInstance, actor: Actor, resource: string): Promise<ViewAnswerValue[]> {
  await checkListable(fastify, actor, resource);
  const rows = await listViews(fastify.db, actor.id, actor.role, resource);
  return rows.map((row) => viewAnswer(row, actor));
}

export async function createView(fastify: FastifyInstance, actor: Actor, body: ViewBodyValue): Promise<ViewAnswerValue> {
  await checkListable(fastify, actor, body.resource);
  checkState(body.state);
  const write: ViewWrite = { name: body.name.trim(), state: body.state, sharedRole: body.sharedRole };
  return fastify.db.transaction(async (tx) => {
    const id = await insertView(tx, actor.id, body.resource, write).catch((error: unknown) => {
      throw nameTaken(error);
    });
    const after = viewAnswer(await found(findView(tx, id)), actor);
    await recordAudit(tx, { actor, entity: VIEW_ENTITY, entityId: id, action: 'create', after });
    return after;
  });
}

async function found(row: Promise<ViewRow | null>): Promise<ViewRow> {
  const value = await row;
  if (!value) throw new HttpError(404, 'viewNotFound');
  return value;
}

/** The caller's own view, locked for the change; one they cannot see is not found, one they only see is not theirs. */
async function ownView(tx: Queryable, actor: Actor, id: string, version: number): Promise<ViewRow> {
  const row = await findView(tx, id, { lock: true });
  if (!row || !visibleTo(row, actor)) throw new HttpError(404, 'viewNotFound');
  if (row.ownerId !== actor.id) throw new HttpError(403, 'viewOwnerOnly');
  if (row.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: row.version } });
  return row;
}

export async function changeView(fastify: FastifyInstance, actor: Actor, id: string, change: ViewChangeValue): Promise<ViewAnswerValue> {
  if (change.state) checkState(change.state);
  return fastify.db.transaction(async (tx) => {
    const stored = await ownView(tx, actor, id, change.version);
    const write: ViewWrite = {
      name: change.name?.trim() ?? stored.name,
      state: change.state ?? stored.state,
      sharedRole: change.sharedRole === undefined ? stored.sharedRole : change.sharedRole,
    };
    await updateView(tx, id, write).catch((error: unknown) => {
      throw nameTaken(error);
    });
    const after = viewAnswer(await found(findView(tx, id)), actor);
    await recordAudit(tx, { actor, entity: VIEW_ENTITY, entityId: id, action: 'update', before: viewAnswer(stored, actor), after });
    return after;
  });
}

export async function removeView(fastify: FastifyInstance, actor: Actor, id: string, version: number): Promise<void> {
  await fastify.db.transaction(async (tx) => {
    const stored = await ownView(tx, actor, id, version);
    await deleteView(tx, id);
    await recordAudit(tx, { actor, entity: VIEW_ENTITY, entityId: id, action: 'delete', before: viewAnswer(stored, actor) });
  });
}

export async function preferencesOf(fastify: FastifyInstance, actor: Actor, resource: string): Promise<PreferencesValue> {
  await checkListable(fastify, actor, resource);
  return (await findPreferences(fastify.db, actor.id, resource)) ?? { columns: null, density: DEFAULT_DENSITY };
}

export async function savePreferences(fastify: FastifyInstance, actor: Actor, resource: string, preferences: PreferencesValue): Promise<PreferencesValue> {
  await checkListable(fastify, actor, resource);
  return fastify.db.transaction(async (tx) => {
    const before = await findPreferences(tx, actor.id, resource);
    await upsertPreferences(tx, actor.id, resource, preferences);
    const after = (await findPreferences(tx, actor.id, resource)) ?? preferences;
    await recordAudit(tx, { actor, entity: PREFERENCES_ENTITY, entityId: resource, action: before ? 'update' : 'create', ...(before ? { before } : {}), after });
    return after;
  });
}
