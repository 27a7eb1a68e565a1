import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { AREAS } from '../../../common/resources/areas';
import { shippedConfig, withAreas, withModules } from '../../fixtures/app-config';
import { ADMIN_PASSWORD, API, DEMO_PASSWORD, login, sealed, uniqueName, type Session, type SuiteContext } from '../helper';

export const ADMIN_API = `${API}/be-api-management/admin`;

/**
 * The shipped config with every menu entry active and every module enabled, so no
 * route answers 404 for a switched-off module. Written once per process.
 */
let allAreasConfig: string | undefined;
export function allAreasConfigFile(): string {
  if (allAreasConfig) return allAreasConfig;
  const shipped = shippedConfig();
  const config = withModules(withAreas(shipped, AREAS.map((area) => area.value)), shipped.modules.map((entry) => entry.name));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bo-admin-config-')), 'app.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  allAreasConfig = file;
  return file;
}

export interface Callers {
  app: FastifyInstance;
  superAdmin: Session;
  admin: Session;
  analyst: Session;
}

/** A fresh app on the suite's database, and a session for each demo role. */
export async function callers(suite: SuiteContext): Promise<Callers> {
  const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
  const [superAdmin, admin, analyst] = await Promise.all([
    login(app, 'superadmin', ADMIN_PASSWORD),
    login(app, 'admin', DEMO_PASSWORD),
    login(app, 'analyst', DEMO_PASSWORD),
  ]);
  return { app, superAdmin, admin, analyst };
}

export async function call(
  app: FastifyInstance,
  session: Session,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return sealed(app, session, { method, url: `${ADMIN_API}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function createEnterprise(
  app: FastifyInstance,
  superAdmin: Session,
  input: Partial<{ name: string; mailDomain: string; isBank: boolean; isActive: boolean }> = {},
): Promise<{ id: string; name: string; mailDomain: string; isBank: boolean; version: number }> {
  const name = input.name ?? `Ent ${uniqueName('e')}`;
  const response = await call(app, superAdmin, 'POST', '/enterprises', {
    name,
    mailDomain: input.mailDomain ?? `${uniqueName('d').toLowerCase()}.example`,
    isBank: input.isBank ?? false,
    ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function newUserBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('n');
  return { username, email: `${username}@example.com`, name: `New ${username}`, role: 2, enterpriseId: null, password: 'Secret123', ...overrides };
}

export { ADMIN_PASSWORD, DEMO_PASSWORD };
