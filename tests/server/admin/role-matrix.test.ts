import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { RESOURCES } from '../../../common/resources/registry';
import { CALLERS, expectedAnswer, renderRoleMatrix, roleMatrix, type Caller } from '../../../server/src/modules/admin/role-matrix';
import { describeEachDatabase, sealed, type Session } from '../helper';
import { allAreasConfigFile, callers } from './admin-helper';

// Every API route × every caller, from the routes' own `config.access`, including
// routes added by other modules: the request is only "valid enough" (ids that do
// not exist, an empty JSON body), so an allowed caller may get 404 or 422, but
// never 401 or 403; a refused one gets exactly 403, a caller without session 401.

const MATRIX_FILE = 'docs/role-matrix.md';

function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '999999999').replace(/\*/g, 'x');
}

describeEachDatabase('role matrix', (suite) => {
  // Every route × every role: ~150 routes, slow on a loaded machine.
  it('answers every route for every role as the table says', { timeout: 120_000 }, async () => {
    const { app, superAdmin, admin, analyst } = await callers(suite);
    const sessions: Record<string, Session> = { '0': superAdmin, '1': admin, '2': analyst };
    const { excelApiKey } = JSON.parse(readFileSync(allAreasConfigFile(), 'utf8')) as { excelApiKey?: string };
    // Logging out ends the session the other rows still need: those rows go last.
    const entries = app.routeAccess
      .filter((entry) => entry.method !== 'HEAD')
      .toSorted((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    expect(entries.length).toBeGreaterThan(20);

    const mismatches: string[] = [];
    for (const entry of entries) {
      for (const caller of CALLERS as Caller[]) {
        const expected = expectedAnswer(entry.access, caller);
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(entry.method);
        const request = {
          method: entry.method as 'GET',
          url: concrete(entry.url),
          headers: excelApiKey ? { 'x-api-key': excelApiKey } : {},
          ...(hasBody ? { payload: {} } : {}),
        };
        const session = caller === 'anonymous' ? undefined : sessions[String(caller)];
        const response = session ? await sealed(app, session, request) : await app.inject(request);
        const got = response.statusCode;
        const ok = expected === 200 ? got !== 401 && got !== 403 : got === expected;
        if (!ok) mismatches.push(`${entry.method} ${entry.url} as ${caller}: expected ${expected}, got ${got} ${response.body.slice(0, 120)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('names, on every guarded route, a resource and an action that resource defines', async () => {
    const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
    const unknown = app.routeAccess.flatMap((entry) => {
      if (typeof entry.access === 'string') return [];
      const { resource, action } = entry.access;
      const definition = RESOURCES.find((candidate) => candidate.name === resource);
      return definition?.actions.includes(action) ? [] : [`${entry.method} ${entry.url}: ${resource}:${action}`];
    });
    expect(unknown).toEqual([]);
  });

  it(`keeps ${MATRIX_FILE} up to date (regenerate: npx tsx scripts/role-matrix.ts)`, async () => {
    const app = await suite.build();
    expect(readFileSync(MATRIX_FILE, 'utf8')).toBe(renderRoleMatrix(roleMatrix(app.routeAccess, app.apiPrefix)));
  });
});
