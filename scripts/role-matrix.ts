// Writes docs/role-matrix.md from the routes the server registers (run after adding a route):
//   npx tsx scripts/role-matrix.ts
import { writeFileSync } from 'node:fs';
import { buildApp } from '../server/src/app.js';
import { renderRoleMatrix, roleMatrix } from '../server/src/modules/admin/role-matrix.js';

export const ROLE_MATRIX_FILE = 'docs/role-matrix.md';

const app = await buildApp({
  env: { DATABASE_URL: 'memory://', RSA_BITS: 2048, DEMO_DATA: false, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Unused-123' },
  logger: false,
});
try {
  writeFileSync(ROLE_MATRIX_FILE, renderRoleMatrix(roleMatrix(app.routeAccess, app.apiPrefix)));
  console.log(`wrote ${ROLE_MATRIX_FILE}`);
} finally {
  await app.close();
}
