import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// Sends pre-sealed requests from its own thread so the load generator's work
// does not run on the server's event loop.
interface Job {
  url: string;
  headers: Record<string, string>[];
  concurrency: number;
}

const job = workerData as Job;
const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
const statuses: Record<number, number> = {};

function send(headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(job.url, { method: 'GET', headers, agent }, (res) => {
      statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });
}

let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (next < job.headers.length) {
      const headers = job.headers[next] as Record<string, string>;
      next += 1;
      await send(headers);
    }
  }),
);
parentPort?.postMessage({ elapsedMs: performance.now() - started, statuses });
agent.destroy();
