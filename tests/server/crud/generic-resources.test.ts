import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { canAccess } from '../../../common/access';
import { RESOURCES } from '../../../common/resources/registry';
import type { ResourceAction, ResourceDefinition, Role } from '../../../common/resources/types';
import { callers } from '../admin/admin-helper';
import { API, describeEachDatabase, sealed, type Session } from '../helper';
import { sampleRecord } from './samples';

// One CRUD flow, run over every registry resource the generic server module serves
// (`storage` and an `endpoint`), so a resource added from a definition, a registry line
// and a migration is covered without a line here: list, get, create, update (409 on a
// stale version), delete, and each role's rights as the definition's role rules say.

const GENERIC = RESOURCES.filter((definition) => definition.storage && definition.endpoint);
const ROLES: readonly Role[] = [0, 1, 2];

type Record_ = Record<string, unknown> & { version: number };

function urls(definition: ResourceDefinition) {
  const base = `${API}/${definition.endpoint}`;
  return { base, item: (id: unknown) => `${base}/${encodeURIComponent(String(id))}` };
}

/** The record of a single-record answer (some legacy resources wrap it as {result}). */
function recordOf(definition: ResourceDefinition, response: LightMyRequestResponse): Record_ {
  const body = response.json<Record_ | { result: Record_ }>();
  return (definition.storage?.envelope === 'result' ? (body as { result: Record_ }).result : body) as Record_;
}

/** The least powerful role allowed `action`, or undefined when none is. */
function allowedRole(definition: ResourceDefinition, action: ResourceAction): Role | undefined {
  return [...ROLES].reverse().find((role) => canAccess(role, { resource: definition.name, action }));
}

it('the registry has generic resources, the new announcement categories among them', () => {
  expect(GENERIC.map((definition) => definition.name)).toEqual(expect.arrayContaining(['enterprises', 'companies', 'announcement-categories']));
});

describeEachDatabase('generic resources: CRUD and role rights for every stored resource', (suite) => {
  for (const definition of GENERIC) {
    it(`${definition.name}: list, get, create, update (409 when stale), delete, each role as its rules say`, async () => {
      const { app, superAdmin, admin, analyst } = await callers(suite);
      const sessions: Record<Role, Session> = { 0: superAdmin, 1: admin, 2: analyst };
      const { base, item } = urls(definition);
      const idField = definition.idField ?? 'id';
      const has = (action: ResourceAction) => definition.actions.includes(action);
      const may = (role: Role, action: ResourceAction) => canAccess(role, { resource: definition.name, action });
      const send = (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        sealed(app as FastifyInstance, sessions[role], { method, url, ...(payload ? { payload } : {}) });
      const auditCount = async (entityId: string, action: string) =>
        Number(
          (
            await suite.sql<{ n: string }>('SELECT count(*)::text AS n FROM audit_log WHERE entity = $1 AND entity_id = $2 AND action = $3', [
              definition.storage?.auditEntity ?? definition.name,
              entityId,
              action,
            ])
          )[0]?.n,
        );

      // Create: refused to the roles the rules refuse, once per allowed role.
      const created: Record_[] = [];
      for (const role of ROLES) {
        const response = await send(role, 'POST', base, sampleRecord(definition));
        if (!has('create')) expect(response.statusCode, `POST as ${role}`).toBe(404);
        else if (!may(role, 'create')) expect(response.statusCode, `POST as ${role}`).toBe(403);
        else {
          expect(response.statusCode, `POST as ${role}: ${response.body}`).toBe(201);
          const record = recordOf(definition, response);
          expect(record.version).toBe(1);
          expect(await auditCount(String(record[idField]), 'create')).toBe(1);
          created.push(record);
        }
      }
      // Nothing below can run on a resource nobody may create; the registry has none such yet.
      expect(created.length).toBeGreaterThan(0);
      const record = created[0] as Record_;
      const id = record[idField];
      const creator = allowedRole(definition, 'create') as Role;

      // Invalid input: 422 naming the field, with the resource's own sentence when it has one.
      const required = (definition.fields ?? []).find((field) => field.required && !field.readOnly);
      if (required) {
        const { [required.name]: _left, ...incomplete } = sampleRecord(definition);
        const refused = await send(creator, 'POST', base, incomplete);
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toMatchObject({ code: definition.storage?.messages?.invalid ?? 'validation', errors: { [required.name]: 'is required' } });
      }

      // A field that must be later than another (`notBefore`): 422 on create and on an
      // update that would break it, never the database CHECK's 500.
      for (const field of (definition.fields ?? []).filter((candidate) => candidate.notBefore && !candidate.readOnly)) {
        const earliest = field.notBefore as string;
        const reasons = { [field.name]: { code: 'notBeforeField', params: { field: earliest } } };
        const sample = sampleRecord(definition);
        const early = await send(creator, 'POST', base, { ...sample, [field.name]: sample[earliest] });
        expect(early.statusCode, early.body).toBe(422);
        expect(early.json()).toMatchObject({ code: definition.storage?.messages?.invalid ?? 'validation', reasons });
        const editor = allowedRole(definition, 'edit');
        if (editor !== undefined) {
          const moved = await send(editor, 'PUT', item(id), { ...sample, [field.name]: sample[earliest], version: record.version });
          expect(moved.statusCode, moved.body).toBe(422);
          expect(moved.json()).toMatchObject({ reasons });
        }
      }

      // List and get.
      for (const role of ROLES) {
        const list = await send(role, 'GET', `${base}?pageSize=5&page=1`);
        expect(list.statusCode, `list as ${role}`).toBe(may(role, 'list') ? 200 : 403);
        if (list.statusCode === 200) {
          expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(created.length);
          expect(list.json<unknown[]>().length).toBeLessThanOrEqual(5);
        }
        const getAction: ResourceAction = has('show') ? 'show' : 'edit';
        const one = await send(role, 'GET', item(id));
        expect(one.statusCode, `get as ${role}`).toBe(may(role, getAction) ? 200 : 403);
        if (one.statusCode === 200) expect(recordOf(definition, one)).toEqual(record);
      }
      const lister = allowedRole(definition, 'list') as Role;
      if (definition.storage?.search?.length) {
        const text = String(record[definition.storage.search[0] as string]);
        const found = await send(lister, 'GET', `${base}?q=${encodeURIComponent(text)}`);
        expect(found.json<Record_[]>().map((row) => row[idField])).toContain(id);
      }
      for (const field of (definition.fields ?? []).filter((candidate) => candidate.list && candidate.list.sortable)) {
        for (const direction of ['asc', 'desc']) {
          expect((await send(lister, 'GET', `${base}?sort=${field.name}:${direction}`)).statusCode, `sort ${field.name}`).toBe(200);
        }
      }
      expect((await send(lister, 'GET', `${base}?sort=version:asc;drop`)).statusCode).toBe(422);
      expect((await send(lister, 'GET', item('999999999'))).statusCode).toBe(404);

      // Update: the version moves on; an edit based on the old one is refused and writes nothing.
      const editor = allowedRole(definition, 'edit');
      if (editor !== undefined) {
        for (const role of ROLES) {
          if (!may(role, 'edit')) expect((await send(role, 'PUT', item(id), { ...sampleRecord(definition), version: 1 })).statusCode, `PUT as ${role}`).toBe(403);
        }
        const change = sampleRecord(definition, 'Edited');
        const edited = await send(editor, 'PUT', item(id), { ...change, version: 1 });
        expect(edited.statusCode, edited.body).toBe(200);
        const after = recordOf(definition, edited);
        expect(after).toMatchObject({ ...change, version: 2 });
        expect(await auditCount(String(id), 'update')).toBe(1);

        const stale = await send(editor, 'PUT', item(id), { ...sampleRecord(definition, 'Stale'), version: 1 });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({
          code: 'staleEdit',
          message: 'Someone else changed this record while you were editing it. Reload it to see their changes, then edit again.',
        });
        expect(recordOf(definition, await send(lister, 'GET', item(id)))).toEqual(after);
        const versionless = await send(editor, 'PUT', item(id), change);
        expect(versionless.statusCode).toBe(422);
        expect(versionless.json().errors).toMatchObject({ version: 'is required' });
        expect((await send(editor, 'PUT', item('999999999'), { ...change, version: 1 })).statusCode).toBe(404);
      }

      // Delete: only where the definition has the action; a stale version is refused.
      const last = created.at(-1) as Record_;
      for (const role of ROLES.filter((candidate) => !has('delete') || !may(candidate, 'delete'))) {
        const response = await send(role, 'DELETE', item(last[idField]), { version: last.version });
        expect(response.statusCode, `DELETE as ${role}`).toBe(has('delete') ? 403 : 404);
      }
      const deleter = allowedRole(definition, 'delete');
      if (has('delete') && deleter !== undefined) {
        expect((await send(deleter, 'DELETE', item(last[idField]), { version: last.version + 1 })).statusCode).toBe(409);
        const deleted = await send(deleter, 'DELETE', item(last[idField]), { version: last.version });
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect((await send(lister, 'GET', item(last[idField]))).statusCode).toBe(404);
        expect(await auditCount(String(last[idField]), 'delete')).toBe(1);
      }
    });
  }
});
