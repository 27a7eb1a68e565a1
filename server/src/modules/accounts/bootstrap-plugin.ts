import fp from 'fastify-plugin';
import type { Role } from '../../../../common/resources/types.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import { insertUserIfAbsent, usernameExists } from './users-repository.js';

/** An account this start ensured, for the start banner (lib/start-banner.ts). */
export interface BootstrapAccount {
  username: string;
  role: Role;
  /** The variable its password comes from when set. */
  variable: 'ADMIN_PASSWORD' | 'DEMO_PASSWORD';
  /** Created by this start; false: it existed (an earlier start, or another instance, made it). */
  created: boolean;
  /** The generated password, when this start created the account without the variable. */
  generatedPassword?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    bootstrapAccounts: BootstrapAccount[];
  }
}

/**
 * The accounts a fresh install needs: the super admin, and with DEMO_DATA an admin and
 * an analyst. Inserted if absent, so instances starting together create each once, and
 * only the instance that created an account prints its generated password.
 */
export default fp(
  async (fastify) => {
    const { ADMIN_USERNAME, ADMIN_PASSWORD, DEMO_DATA, DEMO_PASSWORD } = fastify.env;
    const { mailDomain } = (await fastify.appConfig.current()).defaults;
    const accounts: BootstrapAccount[] = [];
    fastify.decorate('bootstrapAccounts', accounts);

    /** Creates the account if absent; true when this start did. */
    async function ensure(username: string, name: string, role: Role, password: string, variable: BootstrapAccount['variable']): Promise<boolean> {
      const created = await insert(username, name, role, password);
      const generated = created && fastify.env[variable] === undefined;
      accounts.push({ username, role, variable, created, ...(generated ? { generatedPassword: password } : {}) });
      return created;
    }

    async function insert(username: string, name: string, role: Role, password: string): Promise<boolean> {
      if (await usernameExists(fastify.db, username)) return false;
      const id = await insertUserIfAbsent(fastify.db, {
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
    if (await ensure(ADMIN_USERNAME, 'Super Admin', 0, adminPassword, 'ADMIN_PASSWORD')) {
      fastify.log.warn(
        ADMIN_PASSWORD
          ? `created the super admin "${ADMIN_USERNAME}" with ADMIN_PASSWORD`
          : `created the super admin "${ADMIN_USERNAME}" with the generated password ${adminPassword} (shown this once)`,
      );
    }

    if (!DEMO_DATA) return;
    const demoPassword = DEMO_PASSWORD ?? generatePassword();
    const created = [];
    if (await ensure('admin', 'Demo Admin', 1, demoPassword, 'DEMO_PASSWORD')) created.push('admin');
    if (await ensure('analyst', 'Demo Analyst', 2, demoPassword, 'DEMO_PASSWORD')) created.push('analyst');
    if (created.length > 0) {
      fastify.log.warn(
        DEMO_PASSWORD
          ? `created the demo accounts ${created.join(', ')} with DEMO_PASSWORD`
          : `created the demo accounts ${created.join(', ')} with the generated password ${demoPassword} (shown this once)`,
      );
    }
  },
  { name: 'bootstrap', dependencies: ['db', 'app-config'] },
);
