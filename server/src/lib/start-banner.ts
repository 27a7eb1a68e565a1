import path from 'node:path';
import type { Env } from '../env.js';
import type { BootstrapAccount } from '../modules/accounts/bootstrap-plugin.js';

// What a person starting the server in a terminal needs first (README "Two commands"): where
// the app is, how to sign in, where the data is. Logs carry the same facts as JSON lines.

const ROLE_NAMES = ['Super Admin', 'Admin', 'User'] as const;

export interface BannerFacts {
  /** Where the app answers (startServer's url). */
  url: string;
  env: Pick<Env, 'HOST' | 'DATA_DIR' | 'DATABASE_URL' | 'SMTP_URL' | 'BLOB_STORE' | 'BLOB_DIR'>;
  accounts: BootstrapAccount[];
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** The database, without its credentials. */
function databaseText(env: BannerFacts['env'], dataDir: string): string {
  if (!env.DATABASE_URL) return `PGlite in ${path.join(dataDir, 'pglite')}`;
  if (env.DATABASE_URL.startsWith('memory://')) return 'PGlite in memory (gone when the server stops)';
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd());
}

export function startBanner({ url, env, accounts }: BannerFacts): string {
  const dataDir = path.resolve(env.DATA_DIR);
  const lines = [
    `Backoffice is running at ${url}`,
    isLoopback(env.HOST)
      ? `  only this machine can reach it (HOST=${env.HOST}); to open it, see README "Opening the server to the network"`
      : `  listening on ${env.HOST}: other machines can reach it`,
  ];

  const generated = accounts.filter((account) => account.generatedPassword);
  if (generated.length > 0) {
    lines.push('', 'Accounts created now. Their passwords are shown this once: keep them.');
    lines.push(...table(generated.map((account) => [account.username, ROLE_NAMES[account.role], account.generatedPassword as string])));
  }
  const others = accounts.filter((account) => !account.generatedPassword);
  if (others.length > 0) {
    lines.push('', generated.length > 0 ? 'Other accounts:' : 'Accounts:');
    lines.push(
      ...table(
        others.map((account) => [
          account.username,
          ROLE_NAMES[account.role],
          account.created ? `password from ${account.variable}` : `password as printed (or ${account.variable}) when it was created`,
        ]),
      ),
    );
    const outbox = env.SMTP_URL ? 'by mail' : `to ${path.join(dataDir, 'outbox')} (SMTP_URL is unset)`;
    lines.push(`  forgotten: "Forgot password" on the sign-in page sends a code ${outbox}`);
  }

  lines.push('', `Database: ${databaseText(env, dataDir)}`, `Data folder: ${dataDir} (keys, mail outbox)`);
  if (env.BLOB_STORE === 'fs' && env.BLOB_DIR) lines.push(`Stored files: ${path.resolve(env.BLOB_DIR)}`);
  lines.push('Logs: one readable line each here, JSON lines when not in a terminal (LOG_FORMAT).', '');
  return lines.join('\n');
}
