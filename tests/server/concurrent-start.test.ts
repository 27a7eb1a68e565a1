import { expect, it } from 'vitest';
import { readMigrations } from '../../server/src/db/migrate.js';
import { FEED_QUEUE, FEEDS_TICK_QUEUE } from '../../server/src/modules/announcements/feeds-service.js';
import { REPORT_QUEUE } from '../../server/src/modules/finview/report-queue.js';
import { RETENTION_QUEUE } from '../../server/src/modules/finview/retention.js';
import { RULES_TICK_QUEUE } from '../../server/src/modules/finview/rule-schedule.js';
import { BOSS_SCHEMA } from '../../server/src/lib/jobs/job-queue.js';
import { RENDER_QUEUE } from '../../server/src/modules/finview/render/render-queue.js';
import { API, describeEachDatabase } from './helper.js';

// Its own file, so the suite's database (a scratch one on PostgreSQL) is still empty when the instances start.
describeEachDatabase('instances starting together on an empty database', (suite) => {
  it('four start at once with their job queues: migrate once, share one key pair, create each account and queue once', async () => {
    const lines: string[] = [];
    const logger = { level: 'info', stream: { write: (line: string) => void lines.push(line) } };
    // As server.ts starts them: pg-boss on, modules' workers on (announcements' and finview's queues are defined at start).
    const jobs = { pollSeconds: 2, maintenanceSeconds: 3600, stopGraceMs: 2000 };
    const started = await Promise.allSettled([1, 2, 3, 4].map(() => suite.build({ ADMIN_PASSWORD: '', DEMO_PASSWORD: '' }, { logger, jobs })));
    const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(failures).toEqual([]);
    const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));

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

    // Every queue the modules define, with its dead-letter queue, each once.
    const queues = (await suite.sql<{ name: string }>(`SELECT name FROM ${BOSS_SCHEMA}.queue ORDER BY name`)).map((row) => row.name);
    expect(new Set(queues).size).toBe(queues.length);
    for (const queue of [FEED_QUEUE, FEEDS_TICK_QUEUE, RENDER_QUEUE, REPORT_QUEUE, RETENTION_QUEUE, RULES_TICK_QUEUE]) {
      expect(queues).toContain(queue);
      expect(queues).toContain(`${queue}.dead`);
    }
  }, 120_000);
});
