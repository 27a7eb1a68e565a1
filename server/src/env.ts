import Type from 'typebox';
import Value from 'typebox/value';
import { USERNAME_PATTERN } from '../../common/protocol/constants.js';
import { PASSWORD_PATTERN, PASSWORD_RULE } from './modules/accounts/schemas.js';

// The process reads its environment once, here, so a typo in a variable stops
// the start with a message naming it instead of surfacing as a strange error
// in the middle of a request.

const SLUG = '^[a-z][a-z0-9-]{0,39}$';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;

export const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  // Loopback unless opened (README "Configuration"): the app holds KYC data.
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  PRODUCT: Type.String({ pattern: SLUG, default: 'backoffice', description: 'a lowercase slug: a-z, 0-9 and -, starting with a letter' }),
  // Unset: PGlite in DATA_DIR; memory:// keeps PGlite in memory (tests, demos).
  DATABASE_URL: Type.Optional(
    Type.String({ pattern: '^(postgres|postgresql|memory)://', description: 'a postgres://, postgresql:// or memory:// URL' }),
  ),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  APP_CONFIG: Type.String({ minLength: 1, default: 'config/app.json' }),
  ADMIN_USERNAME: Type.String({
    pattern: USERNAME_PATTERN.source,
    default: 'superadmin',
    description: '3 to 15 characters among A-Z, a-z, 0-9, dot, underscore and hyphen',
  }),
  ADMIN_PASSWORD: Type.Optional(Type.String({ pattern: PASSWORD_PATTERN, description: PASSWORD_RULE })),
  DEMO_DATA: Type.Boolean({ default: true }),
  DEMO_PASSWORD: Type.Optional(Type.String({ pattern: PASSWORD_PATTERN, description: PASSWORD_RULE })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://', description: 'an smtp:// or smtps:// URL' })),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Backoffice <no-reply@backoffice.example>' }),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info', description: `one of ${LOG_LEVELS.join(', ')}` }),
  // auto: readable lines and a start banner in a terminal, JSON lines otherwise (lib/log-format.ts).
  LOG_FORMAT: Type.Enum(LOG_FORMATS, { default: 'auto', description: `one of ${LOG_FORMATS.join(', ')}` }),
  SERVER_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
  // Keys the one-time codes' HMAC and wraps the stored server key; unset: generated into DATA_DIR.
  SECRET_KEY: Type.Optional(
    Type.String({ pattern: '^\\S{32,}$', description: 'at least 32 characters without spaces (e.g. from `openssl rand -base64 32`)' }),
  ),
  // Wraps the key of each stored file (README "File storage"); unset: generated into DATA_DIR.
  KYC_MASTER_KEY: Type.Optional(
    Type.String({
      pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$',
      description: '32 bytes as 64 hex digits or base64 (e.g. from `openssl rand -base64 32`)',
    }),
  ),
  // Where stored files' encrypted chunks live (README "File storage"): rows in the database,
  // or files under BLOB_DIR (a directory every instance shares).
  BLOB_STORE: Type.Enum(['db', 'fs'], { default: 'db', description: 'db or fs' }),
  BLOB_DIR: Type.Optional(Type.String({ minLength: 1 })),
  // ClamAV's daemon, which scans uploads (README "File storage"); unset: files are not scanned.
  CLAMD_SOCKET: Type.Optional(Type.String({ minLength: 1, description: "the path of clamd's local (unix) socket" })),
  CLAMD_HOST: Type.Optional(Type.String({ minLength: 1 })),
  CLAMD_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
  CLAMD_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 30_000 }),
  RSA_BITS: Type.Integer({ minimum: 2048, maximum: 8192, default: 3072 }),
  SESSION_IDLE_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 30 }),
  SESSION_MAX_HOURS: Type.Integer({ minimum: 1, maximum: 720, default: 12 }),
  STATIC_DIR: Type.String({ minLength: 1, default: 'dist' }),
  // Behind a reverse proxy, client addresses (login throttling per IP) come from
  // X-Forwarded-For; trusting it without a proxy would let anyone pick their IP.
  TRUST_PROXY: Type.Boolean({ default: false }),
  // Where the server may fetch from (feeds, attachments; README "Outbound requests"): http(s) to
  // these hosts only, never to an internal address unless EGRESS_ALLOW_PRIVATE; file: under
  // EGRESS_FILE_DIR only (unset: the demo feeds' folder, server/demo/announcements).
  EGRESS_ALLOWED_HOSTS: Type.String({
    pattern: '^\\s*(\\*|(\\*\\.)?[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*|\\[[0-9A-Fa-f:.]+\\])(\\s*,\\s*(\\*|(\\*\\.)?[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*|\\[[0-9A-Fa-f:.]+\\]))*\\s*$',
    default: 'www.nseindia.com,nsearchives.nseindia.com,www.bseindia.com,api.bseindia.com',
    description: 'comma-separated host names (*.example.com for its subdomains, * for any host, none for no host)',
  }),
  EGRESS_ALLOW_PRIVATE: Type.Boolean({ default: false }),
  EGRESS_FILE_DIR: Type.Optional(Type.String({ minLength: 1 })),
  // Other origins whose pages may call this API (an app whose config/app.json names this
  // server as a data provider, README "Data providers"); unset: same origin only.
  CORS_ORIGINS: Type.Optional(
    Type.String({
      pattern: '^https?://[^/,\\s]+(\\s*,\\s*https?://[^/,\\s]+)*$',
      description: 'comma-separated origins such as https://app.example:8443 (scheme, host and port; no path)',
    }),
  ),
});

export type Env = Type.Static<typeof EnvSchema>;

/** What callers may pass: strings as in process.env, or already typed values (tests). */
export type EnvInput = { [K in keyof Env]?: Env[K] | string } & Record<string, unknown>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

const NAMES = Object.keys(EnvSchema.properties) as Array<keyof Env>;
const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
const BOOLEAN_NAMES = new Set<string>(['DEMO_DATA', 'TRUST_PROXY', 'EGRESS_ALLOW_PRIVATE']);

/** Reads only the variables the schema names; an empty string counts as unset. */
export function loadEnv(source: EnvInput | NodeJS.ProcessEnv = process.env): Env {
  const picked: Record<string, unknown> = {};
  for (const name of NAMES) {
    const raw = source[name];
    if (raw === undefined || raw === '') continue;
    picked[name] = BOOLEAN_NAMES.has(name) && typeof raw === 'string' ? (BOOLEAN_WORDS[raw.toLowerCase()] ?? raw) : raw;
  }
  const value = Value.Default(EnvSchema, Value.Convert(EnvSchema, picked));
  if (Value.Check(EnvSchema, value)) {
    const combined = combinationProblems(value);
    if (combined.length === 0) return value;
    throw new EnvError(combined);
  }

  // Values are left out: some of these variables hold passwords.
  const problems = Value.Errors(EnvSchema, value).map((error) => {
    const name = error.instancePath.replace(/^\//, '');
    const property = EnvSchema.properties[name as keyof Env] as { description?: string } | undefined;
    if (BOOLEAN_NAMES.has(name)) return `${name}: must be true, false, 1 or 0`;
    if (property?.description && (error.keyword === 'pattern' || error.keyword === 'enum')) {
      const rule = property.description;
      return `${name}: ${rule.startsWith('must ') ? rule : `must be ${rule}`}`;
    }
    return `${name || '(environment)'}: ${error.message}`;
  });
  throw new EnvError([...new Set(problems)]);
}

/** Rules between variables, which the schema checks one by one. */
function combinationProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.CLAMD_SOCKET && env.CLAMD_HOST) problems.push('CLAMD_SOCKET and CLAMD_HOST: set one of them (a local socket or a TCP host), not both');
  if (env.CLAMD_PORT !== undefined && !env.CLAMD_HOST) problems.push('CLAMD_PORT: needs CLAMD_HOST');
  if (env.BLOB_STORE === 'fs' && !env.BLOB_DIR) problems.push('BLOB_DIR: needed with BLOB_STORE=fs (a directory every instance shares)');
  if (env.BLOB_STORE === 'db' && env.BLOB_DIR) problems.push('BLOB_DIR: only used with BLOB_STORE=fs (files are in the database with BLOB_STORE=db)');
  return problems;
}
