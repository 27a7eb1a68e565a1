import { expect, it } from 'vitest';
import { readMigrations } from '../../server/src/db/migrate.js';
import { API, describeEachDatabase } from './helper.js';

// Its own file, so the suite's database is still empty when the instances start.
describeEachDatabase('instances starting together on an empty database', (suite) => {
  it('migrate once, share one key pair and create each account once', async () => {
    const lines: string[] = [];
    const logger = { level: 'info', stream: { write: (line: string) => void lines.push(line) } };
    const apps = await Promise.all([1, 2, 3].map(() => suite.build({ ADMIN_PASSWORD: '', DEMO_PASSWORD: '' }, { logger })));

    const versions = await suite.sql<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((row) => row.version)).toEqual((await readMigrations()).map((migration) => migration.version));
    expect(await suite.sql('SELECT id FROM server_keys')).toHaveLength(1);
    const keys = await Promise.all(apps.map(async (app) => (await app.inject({ method: 'GET', url: `${API}/publicKey` })).body));
    expect(new Set(keys).size).toBe(1);

    const users = await suite.sql<{ username: string }>('SELECT username FROM users ORDER BY id');
    expect(users.map((user) => user.username).sort()).toEqual(['admin', 'analyst', 'superadmin']);
    // A generated password is printed by the one instance that created the account, once.
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((message) => message.includes('created the super admin'))).toHaveLength(1);
    expect(messages.find((message) => message.includes('created the super admin'))).toMatch(/generated password \S{16} /);
    expect(messages.filter((message) => /created the demo accounts .*admin/.test(message)).length).toBeGreaterThanOrEqual(1);
  });
});
