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
    const enterprises = fastify.enterprisesRepository;
    await enterprises.insertIfAbsent({ name: 'Demo Bank', mailDomain: 'bank.example', isBank: true, isActive: true });
    await enterprises.insertIfAbsent({ name: 'Demo Enterprise', mailDomain, isBank: false, isActive: true });
    await fastify.db.query(
      `UPDATE users SET enterprise_id = (SELECT id FROM enterprises WHERE lower(name) = lower('Demo Enterprise'))
        WHERE username IN ('admin', 'analyst') AND enterprise_id IS NULL`,
    );
  },
  { name: 'admin-demo-data', dependencies: ['bootstrap', 'enterprises-repository', 'app-config'] },
);
