import { buildApp } from '../../../../server/src/app.js';
import { RENDER_QUEUE, workRenderQueue } from '../../../../server/src/modules/finview/render/render-queue.js';
import { TEST_ENV } from '../../helper.js';
import { FAST_JOBS } from '../../lib/jobs/jobs-helper.js';

// A server in a process of its own (render-crash.test.ts kills it with SIGKILL mid-render):
// argv[2] is its environment as JSON, argv[3] the template to render. It sends one render job
// and reports on stdout, one JSON line each: the job's id, the render child's pid, progress.

const env = JSON.parse(process.argv[2] as string) as Record<string, string>;
const template = JSON.parse(process.argv[3] as string) as unknown;
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const app = await buildApp({ env: { ...TEST_ENV, DEMO_DATA: false, ...env }, logger: false, jobs: FAST_JOBS });
await workRenderQueue(app.jobs, app.blobs, {
  timeoutSeconds: 60,
  retryDelay: 1,
  onSpawn: (pid) => say({ renderPid: pid }),
});
app.jobs.events.onChange((change) => say({ progress: change.progress, status: change.status }));
const { id } = await app.jobs.send(RENDER_QUEUE, { template });
say({ jobId: id });
