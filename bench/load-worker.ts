import { connect } from 'node:net';
import { parentPort } from 'node:worker_threads';

// Sends pre-sealed GET requests from its own thread, over `concurrency` keep-alive
// connections, one request in flight on each. It writes prebuilt request bytes and reads
// only the status line and content-length: the load generator shares the machine's
// two cores with the server, and node:http's client cost twice as much CPU per request
// (0.3 ms against 0.13 ms, measured here), which the server's figure then paid for.
interface Job {
  url: string;
  headers: Record<string, string>[];
  concurrency: number;
}

const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

/** Sends every request of `job`, `job.concurrency` at a time; resolves with the time taken and the statuses. */
async function run(job: Job): Promise<{ elapsedMs: number; statuses: Record<number, number> }> {
  const url = new URL(job.url);
  const requests = job.headers.map((headers) =>
    Buffer.from(
      `GET ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        '\r\n',
      'latin1',
    ),
  );
  const statuses: Record<number, number> = {};
  let next = 0;

  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      socket.setNoDelay(true);
      let buffered: Buffer = Buffer.alloc(0);
      let answerLength = -1;
      let status = 0;
      const sendNext = () => {
        const request = requests[next];
        next += 1;
        if (request) socket.write(request);
        else socket.end(resolve);
      };
      socket.on('connect', sendNext);
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        buffered = buffered.length > 0 ? Buffer.concat([buffered, chunk]) : chunk;
        for (;;) {
          if (answerLength < 0) {
            const headEnd = buffered.indexOf('\r\n\r\n');
            if (headEnd < 0) return;
            const head = buffered.subarray(0, headEnd).toString('latin1');
            const length = CONTENT_LENGTH.exec(head)?.[1];
            if (length === undefined) {
              socket.destroy();
              reject(new Error(`an answer without content-length: ${head.split('\r\n')[0]}`));
              return;
            }
            status = Number(head.slice('HTTP/1.1 '.length, 'HTTP/1.1 '.length + 3));
            answerLength = headEnd + 4 + Number(length);
          }
          if (buffered.length < answerLength) return;
          statuses[status] = (statuses[status] ?? 0) + 1;
          buffered = buffered.subarray(answerLength);
          answerLength = -1;
          sendNext();
        }
      });
    });

  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, connection));
  return { elapsedMs: performance.now() - started, statuses };
}

// One worker serves every round, so its own code is as warm in the counted rounds as the server's.
parentPort?.on('message', (job: Job) => {
  run(job).then(
    (result) => parentPort?.postMessage(result),
    (error: unknown) => parentPort?.postMessage({ error: String(error) }),
  );
});
