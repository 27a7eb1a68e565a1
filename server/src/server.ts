import { startServer } from './app.js';
import { EnvError } from './env.js';
import { AppConfigError } from './lib/app-config-store.js';
import { chooseLogFormat, readByPerson } from './lib/log-format.js';
import { startBanner } from './lib/start-banner.js';

// Long enough for in-flight requests to finish, short enough for an orchestrator's kill timeout.
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const person = readByPerson(process.stdout, process.env);
  let server;
  try {
    // The job queue runs in production: finview's renders, rules and retention (README "Jobs").
    server = await startServer({ jobs: {}, readByPerson: person });
  } catch (error) {
    // A bad variable or configuration file: say which, plainly, without a stack trace.
    if (error instanceof EnvError || error instanceof AppConfigError) console.error(error.message);
    else console.error('The server could not start:', error);
    process.exit(1);
  }
  const { app, url } = server;
  app.log.info(`web app at ${url}, API at ${url}api`);
  if (chooseLogFormat(app.env.LOG_FORMAT, person) === 'pretty') {
    process.stdout.write(`\n${startBanner({ url, env: app.env, accounts: app.bootstrapAccounts })}\n`);
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
