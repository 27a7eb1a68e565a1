import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { sealWithNode } from '../server/src/lib/sealing/open';

// The server as `npm run serve` starts it, in its own process (so its memory figures are the
// server's alone), and what a bench does with it over HTTP: log in, seal, poll.

export const SERVE_PASSWORD = 'Bench-pass-2026';

const PACKAGE = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

/** The process and its descendants (the shell of the npm script, node), from /proc. */
function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

/** The server's node process: the last of the tree to name the file. */
function serverPid(pid: number): number {
  return processTree(pid).filter((each) => readFileSync(`/proc/${each}/cmdline`, 'utf8').includes('server/src/server.')).at(-1) ?? pid;
}

/** Resident and peak resident memory of the server's node process, in MB. */
function serverMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${serverPid(pid)}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export interface Server {
  api: string;
  child: ChildProcess;
  memory(): { rss: number; peak: number };
  /** Starts the peak (VmHWM) over from the current RSS (Linux clear_refs 5); false when the kernel refuses. */
  resetPeak(): boolean;
  stop(): Promise<void>;
}

/** `npm run serve`'s command line in a child process; resolves once it listens. `env` adds to or overrides the bench's defaults (APP_CONFIG, SECRET_KEY…). */
export function startServe(dataDir: string, databaseUrl: string | undefined, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn('sh', ['-c', PACKAGE.scripts.serve as string], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: dataDir,
      ADMIN_PASSWORD: SERVE_PASSWORD,
      DEMO_PASSWORD: SERVE_PASSWORD,
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group: the shell may not exec node, and stopping must reach node.
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output.slice(-2000)}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /web app at (http:\/\/\S+?\/), API/.exec(output)?.[1];
      if (!url) return;
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      child.removeAllListeners('exit');
      resolve({
        api: `${url}api`,
        child,
        memory: () => serverMemory(child.pid as number),
        resetPeak() {
          try {
            writeFileSync(`/proc/${serverPid(child.pid as number)}/clear_refs`, '5');
            return true;
          } catch {
            return false;
          }
        },
        async stop() {
          const pids = processTree(child.pid as number);
          process.kill(-(child.pid as number), 'SIGTERM');
          // Until node has closed the database: the next start opens the same files.
          while (pids.some((pid) => existsSync(`/proc/${pid}`))) await new Promise((resolve) => setTimeout(resolve, 50));
        },
      });
    });
  });
}

export interface Session {
  username: string;
  userId: string;
  accessToken: string;
  rcKey: string;
  publicKeyPem: string;
}

export async function login(api: string): Promise<Session> {
  const response = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'superadmin', password: SERVE_PASSWORD }),
  });
  const body = (await response.json()) as { user_id: string; username: string; access_token: string };
  const { publicKey } = (await (await fetch(`${api}/publicKey`)).json()) as { publicKey: string };
  return { username: body.username, userId: body.user_id, accessToken: body.access_token, rcKey: response.headers.get('rc-key') ?? '', publicKeyPem: publicKey };
}

export const sealed = (session: Session): Record<string, string> => ({ ...sealWithNode(session) });

/** Calls `call` every `everyMs` (one at a time) until stopped; the latency of each call. */
export function poll(everyMs: number, call: () => Promise<unknown>): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await call();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

export interface TimedStart {
  /** From the spawn to the first healthy answer. */
  ms: number;
  /** What the command printed until then (with `collectOutput`). */
  output: string;
}

/**
 * Spawns `command` (sh -c, its own process group) with `env` and times it to the first 200 of
 * `healthUrl`, polled every `pollMs`; the group is stopped after. The cold-start and `npm start`
 * benches both measure this way.
 */
export async function timeToHealthy(command: string, env: NodeJS.ProcessEnv, healthUrl: string, options: { limitMs: number; pollMs: number; collectOutput?: boolean }): Promise<TimedStart> {
  const started = performance.now();
  const child = spawn('sh', ['-c', command], { env, stdio: options.collectOutput ? ['ignore', 'pipe', 'pipe'] : 'ignore', detached: true });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`the server exited before it was healthy${output ? `:\n${output}` : ''}`);
      if (performance.now() - started > options.limitMs) throw new Error(`no healthy answer within ${options.limitMs / 1000} s`);
      const healthy = await fetch(healthUrl).then((answer) => answer.ok, () => false);
      if (healthy) return { ms: performance.now() - started, output };
      await new Promise((resolve) => setTimeout(resolve, options.pollMs));
    }
  } finally {
    process.kill(-(child.pid as number), 'SIGTERM');
    while (!exited) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
