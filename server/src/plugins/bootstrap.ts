import fp from 'fastify-plugin';
import type { Role } from '../../../src/resources/types.js';
import { generatePassword, hashPassword } from '../services/passwords.js';

/**
 * The accounts a fresh install needs: the super admin, and with DEMO_DATA an admin and
 * an analyst. Inserted if absent, so instances starting together create each once, and
 * only the instance that created an account prints its generated password.
 */
export default fp(
  async (fastify) => {
    const { ADMIN_USERNAME, ADMIN_PASSWORD, DEMO_DATA, DEMO_PASSWORD } = fastify.env;
    const users = fastify.usersRepository;
    const { mailDomain } = (await fastify.appConfig.current()).defaults;

    async function ensure(username: string, name: string, role: Role, password: string): Promise<boolean> {
      if (await users.usernameExists(username)) return false;
      const id = await users.insertIfAbsent({
        username,
        email: `${username.toLowerCase()}@${mailDomain}`,
        name,
        role,
        status: 'active',
        passwordHash: await hashPassword(password),
      });
      return id !== null;
    }

    const adminPassword = ADMIN_PASSWORD ?? generatePassword();
    if (await ensure(ADMIN_USERNAME, 'Super Admin', 0, adminPassword)) {
      fastify.log.warn(
        ADMIN_PASSWORD
          ? `created the super admin "${ADMIN_USERNAME}" with ADMIN_PASSWORD`
          : `created the super admin "${ADMIN_USERNAME}" with the generated password ${adminPassword} (shown this once)`,
      );
    }

    if (!DEMO_DATA) return;
    const demoPassword = DEMO_PASSWORD ?? generatePassword();
    const created = [];
    if (await ensure('admin', 'Demo Admin', 1, demoPassword)) created.push('admin');
    if (await ensure('analyst', 'Demo Analyst', 2, demoPassword)) created.push('analyst');
    if (created.length > 0) {
      fastify.log.warn(
        DEMO_PASSWORD
          ? `created the demo accounts ${created.join(', ')} with DEMO_PASSWORD`
          : `created the demo accounts ${created.join(', ')} with the generated password ${demoPassword} (shown this once)`,
      );
    }
  },
  { name: 'bootstrap', dependencies: ['users-repository', 'app-config'] },
);
