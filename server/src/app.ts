import path from 'node:path';
import autoload from '@fastify/autoload';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { loadEnv, type Env, type EnvInput } from './env.js';
import { loggedUrl } from './lib/logged-url.js';
import { chooseLogFormat, prettyStream } from './lib/log-format.js';
import { lazySchemaCompilers } from './lib/lazy-schema-compilers.js';
import type { Db } from './db/index.js';
import appConfig from './plugins/app-config.js';
import requestLog from './plugins/request-log.js';
import type { JobsPluginOptions } from './plugins/app/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
  }
}

export interface BuildAppOptions {
  /**
   * The variables to read, as in process.env (strings) or typed (`{ RSA_BITS: 2048 }`).
   * Defaults to process.env; when given, it is the only source, so tests stay hermetic.
   */
  env?: EnvInput | NodeJS.ProcessEnv;
  /** false for silence; true or pino options (redaction is always added). Default: LOG_LEVEL. */
  logger?: boolean | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  /** A database the caller owns (tests share one between apps); migrated, never closed by the app. */
  db?: Db;
  /** More route plugins mounted under the API prefix after the built-in ones (tests); the same access rules apply. */
  apiPlugins?: FastifyPluginAsync[];
  /** Starts the job queue with these timings (tests shorten them); absent, no queue (see the registration below). */
  jobs?: JobsPluginOptions;
  /** A person reads the output (server.ts, lib/log-format.ts): LOG_FORMAT=auto pretty-prints the default logger. */
  readByPerson?: boolean;
}

const MODULES_DIR = path.join(import.meta.dirname, 'modules');
const PLUGINS_DIR = path.join(import.meta.dirname, 'plugins');

/** What buildApp hands every autoloaded plugin; each takes the options it knows. */
export interface AppPluginOptions {
  db?: Db;
  jobs?: JobsPluginOptions;
  exemptPrefixes: string[];
}

// Whatever a log line carries, these never reach it.
const REDACT = [
  'req.headers.authorization',
  'req.headers["encrypted-key"]',
  'req.headers["key-padding"]',
  'req.headers["rc-key"]',
  'res.headers["rc-key"]',
  'password',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.access_token',
  '*.otp',
  '*.authorization',
  '*["encrypted-key"]',
];

async function loggerOptions(env: Env, options: BuildAppOptions): Promise<FastifyServerOptions['logger']> {
  const { logger } = options;
  if (logger === false) return false;
  const req = (request: FastifyRequest) => ({ method: request.method, url: loggedUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort });
  const base = { level: env.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { req } };
  if (typeof logger === 'object') return { ...base, ...logger, redact: base.redact, serializers: { ...logger.serializers, req } };
  return chooseLogFormat(env.LOG_FORMAT, options.readByPerson ?? false) === 'pretty' ? { ...base, stream: await prettyStream() } : base;
}

/**
 * A ready app: environment read and validated, database migrated, accounts bootstrapped,
 * every route registered. Throws EnvError or AppConfigError with a message naming the problem.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env = loadEnv(options.env ?? process.env);
  // Fastify's compilers, compiling each route's schemas on first use (lib/lazy-schema-compilers.ts).
  const compilers = lazySchemaCompilers();
  const app = Fastify({
    logger: await loggerOptions(env, options),
    // Fastify's two lines a request at info are off: plugins/request-log.ts writes one, at debug unless slow or failed.
    logController: new LogController({ disableRequestLogging: true }),
    // Validation errors name every bad field at once; verbose gives the error handler
    // the schema's description to explain a pattern.
    // allowUnionTypes: a `type` list (finview rules' parameter values) is how a value keeps its own JSON type under coercion.
    ajv: { customOptions: { allErrors: true, verbose: true, allowUnionTypes: true } },
    schemaController: compilers.schemaController,
    // A first start generates the RSA key pair and hashes the bootstrap passwords: slow on small machines.
    pluginTimeout: 120_000,
    trustProxy: env.TRUST_PROXY,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('env', env);
  // Listening first, then the schemas no request has compiled yet, in the background.
  app.addHook('onListen', () => {
    void compilers.compilePending((error) => app.log.error({ err: error }, 'a route schema does not compile'));
  });
  app.decorate('apiPrefix', `/${env.PRODUCT}/api`);

  try {
    // Before the plugin folders: the request log, so that every route's requests are logged
    // (a route takes the hooks registered before it), and the configuration file, read like
    // the environment: a broken file fails the start at once, and the page's CSP
    // (plugins/external/helmet.ts) names its data providers' origins.
    await app.register(requestLog);
    await app.register(appConfig);
    // The server loads by folder, as fastify/demo does; a new plugin or module edits no file
    // here. Inside a folder, a plugin's fastify-plugin `dependencies` come first. The server
    // runs from its TypeScript sources under tsx's --import hook, which autoload cannot
    // detect by itself.
    process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
    const pluginOptions: AppPluginOptions = { db: options.db, jobs: options.jobs, exemptPrefixes: [`${app.apiPrefix}/docs`] };
    // External plugins (helmet, cors before the access guard: a preflight carries no seal, compress, swagger).
    await app.register(autoload, { dir: path.join(PLUGINS_DIR, 'external'), options: pluginOptions });
    // App plugins: infrastructure every module relies on (database, secrets, sealing, access,
    // errors, rate limits, blobs, jobs, the upload guard that checks each multipart route).
    await app.register(autoload, { dir: path.join(PLUGINS_DIR, 'app'), options: pluginOptions });
    // A module's plugins the whole app shares (its-name-plugin.ts: the Aadhaar vault, the
    // virus scanner, the bootstrap accounts, demo data, the generic services), before any route.
    await app.register(autoload, { dir: MODULES_DIR, indexPattern: /^$/, matchFilter: /-plugin\.(ts|js)$/, options: pluginOptions });
    // Routes: one folder per module (routes in index.ts, service, repository, schemas), under the API prefix.
    await app.register(autoload, { dir: MODULES_DIR, dirNameRoutePrefix: false, maxDepth: 1, options: { prefix: app.apiPrefix } });
    for (const plugin of options.apiPlugins ?? []) await app.register(plugin, { prefix: app.apiPrefix });

    await app.ready();
  } catch (error) {
    // Whatever opened before the failure (a database, a pool) must not keep the process alive.
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

export interface StartedServer {
  app: FastifyInstance;
  /** Where the SPA answers, e.g. http://127.0.0.1:41234/backoffice/ */
  url: string;
  close(): Promise<void>;
}

/** buildApp, then listen on PORT and HOST from the same environment (PORT 0 picks a free port). */
export async function startServer(options: BuildAppOptions = {}): Promise<StartedServer> {
  const app = await buildApp(options);
  try {
    await app.listen({ port: app.env.PORT, host: app.env.HOST });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : app.env.PORT;
  const host = app.env.HOST === '0.0.0.0' || app.env.HOST === '::' ? '127.0.0.1' : app.env.HOST;
  return { app, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/${app.env.PRODUCT}/`, close: () => app.close() };
}
