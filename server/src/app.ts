import path from 'node:path';
import autoload from '@fastify/autoload';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { loadEnv, type Env, type EnvInput } from './env.js';
import { loggedUrl } from './lib/logged-url.js';
import { chooseLogFormat, prettyStream } from './lib/log-format.js';
import { lazySchemaCompilers } from './lib/lazy-schema-compilers.js';
import type { Db } from './db/index.js';
import helmet from './plugins/external/helmet.js';
import cors from './plugins/external/cors.js';
import compress from './plugins/external/compress.js';
import swagger from './plugins/external/swagger.js';
import db from './plugins/app/db.js';
import appConfig from './plugins/app/app-config.js';
import errorHandler from './plugins/app/error-handler.js';
import safeText from './plugins/app/safe-text.js';
import { uploadGuard } from './lib/upload-guard/index.js';
import mailer from './plugins/app/mailer.js';
import blobStore from './plugins/app/blob-store.js';
import virusScanner from './modules/kyc/files/virus-scanner-plugin.js';
import secrets from './plugins/app/secrets.js';
import aadhaarVault from './modules/kyc/aadhaar-vault.js';
import rateLimit from './plugins/app/rate-limit.js';
import serverKey from './plugins/app/server-key.js';
import bootstrap from './modules/accounts/bootstrap.js';
import newsDemoData from './modules/news/demo-data.js';
import crudServices from './modules/crud/services-plugin.js';
import excel from './plugins/app/excel.js';
import adminDemoData from './modules/admin/demo-data.js';
import sealing from './plugins/app/sealing.js';
import pruning from './plugins/app/pruning.js';
import jobs, { type JobsPluginOptions } from './plugins/app/jobs.js';
import domainEvents from './plugins/app/domain-events.js';
import access from './plugins/app/access.js';
import requestLog from './plugins/app/request-log.js';

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
    await app.register(requestLog);
    // The configuration file first: a broken file fails the start at once, and the
    // page's CSP names the origins of its data providers.
    await app.register(appConfig);
    // External plugins next: app plugins and routes rely on them.
    await app.register(helmet);
    // Before the access guard: a preflight carries no seal and is answered here.
    await app.register(cors);
    await app.register(compress);
    await app.register(swagger);

    // App plugins, infrastructure first.
    await app.register(errorHandler);
    await app.register(safeText);
    // Before the modules: it checks each multipart route as it is registered.
    await app.register(uploadGuard);
    await app.register(db, { db: options.db });
    await app.register(mailer);
    await app.register(secrets);
    await app.register(aadhaarVault);
    await app.register(blobStore);
    await app.register(virusScanner);
    await app.register(rateLimit);
    // Before the services that emit and the modules that listen.
    await app.register(domainEvents);
    await app.register(crudServices);
    await app.register(excel);
    await app.register(serverKey);
    await app.register(sealing);
    await app.register(pruning);
    // pg-boss starts only when asked for (server.ts does, for finview's renders): tests that do
    // not need it skip its schema, pool and polling.
    if (options.jobs) await app.register(jobs, options.jobs);
    await app.register(access, { exemptPrefixes: [`${app.apiPrefix}/docs`] });
    await app.register(bootstrap);
    await app.register(newsDemoData);
    await app.register(adminDemoData);

    // Routes.
    // One folder per module (routes, service, repository, schemas): a new one is picked up
    // by its folder, no file here changes. The server runs from its TypeScript sources
    // under tsx's --import hook, which autoload cannot detect by itself.
    process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
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
