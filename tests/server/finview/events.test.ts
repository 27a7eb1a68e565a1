import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import type { OutputEvent } from '../../../common/domains/finview/model.js';
import { describeEachDatabase, sealed } from '../helper.js';
import { buildJobsApp, until } from '../lib/jobs/jobs-helper.js';
import { actor, FINVIEW, publishedTemplate, renderingApp, submit } from './outputs-helper.js';

/** Opens the stream and collects its `output` events. */
function listen(url: string): Promise<{ response: IncomingMessage; events: OutputEvent[]; text: () => string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, (response) => {
      const events: OutputEvent[] = [];
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        for (const block of chunk.split('\n\n')) {
          const data = /^event: output\ndata: (.*)$/m.exec(block);
          if (data) events.push(JSON.parse(data[1] as string) as OutputEvent);
        }
      });
      resolve({ response, events, text: () => text });
    });
    request.on('error', reject);
  });
}

describeEachDatabase('finview live progress (server-sent events)', (suite) => {
  it("streams an output's progress up to 100 and its success, from another instance's render too", async () => {
    // On PostgreSQL the stream's instance renders nothing: another one does, heard through LISTEN.
    // PGlite lives in one process: the same instance renders and streams.
    const renderer = await renderingApp(suite);
    const web = suite.kind === 'postgres' ? await buildJobsApp(suite) : renderer;
    const maker = await actor(suite, web);
    const ticket = await sealed(web, maker.session, { method: 'POST', url: `${FINVIEW}/events/ticket` });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const { url } = ticket.json<{ url: string }>();
    expect(url).toMatch(/\/be-api-management\/finview\/events\?ticket=/);
    await web.listen({ port: 0, host: '127.0.0.1' });
    const { port } = web.server.address() as AddressInfo;
    const stream = await listen(`http://127.0.0.1:${port}${url}`);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);

    const output = await submit(web, maker, await publishedTemplate(suite));
    const events = await until(
      async () => stream.events.filter((event) => event.outputId === output.id),
      (mine) => mine.some((event) => event.status === 'succeeded'),
      30_000,
    );
    expect(stream.text()).toMatch(/^retry: 3000\n\n/);
    expect(events.every((event) => event.jobId === output.jobId)).toBe(true);
    expect(events.some((event) => event.status === 'running')).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
    const progress = events.map((event) => event.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    stream.response.destroy();
  }, 60_000);

  it('refuses a forged ticket', async () => {
    const app = await buildJobsApp(suite);
    const response = await app.inject({ method: 'GET', url: `${FINVIEW}/events?ticket=abc.def` });
    expect(response.statusCode).toBe(404);
  });
});
