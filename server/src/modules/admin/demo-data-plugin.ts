import fp from 'fastify-plugin';

/**
 * With DEMO_DATA, two enterprises (a bank with its own mail domain, and one on the
 * configured default domain that the demo accounts join). Inserted if absent and
 * assigned only where no enterprise is set, so instances starting together agree.
 */
export default fp(
  async (fastify) => {
    if (!fastify.env.DEMO_DATA) return;
    const { mailDomain } = (await fastify.appConfig.current()).defaults;
    // Demo rows, not an admin's change: written directly and not audited.
    const insertIfAbsent = (name: string, domain: string, isBank: boolean) =>
      fastify.db.query('INSERT INTO enterprises (name, mail_domain, is_bank) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [name, domain, isBank]);
    await insertIfAbsent('Demo Bank', 'bank.example', true);
    await insertIfAbsent('Demo Enterprise', mailDomain, false);
    await fastify.db.query(
      `UPDATE users SET enterprise_id = (SELECT id FROM enterprises WHERE lower(name) = lower('Demo Enterprise'))
        WHERE username IN ('admin', 'analyst') AND enterprise_id IS NULL`,
    );
  },
  { name: 'admin-demo-data', dependencies: ['bootstrap', 'app-config'] },
);
