import { copyFile, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { runFeed } from '../../../server/src/modules/announcements/ingest.js';
import { addressAllowed, DEMO_FILES_DIR } from '../../../server/src/lib/egress/policy.js';
import type { FeedAnswer } from '../../../common/domains/announcements/model.js';
import { describeEachDatabase } from '../helper';
import { feedCallers, feedInput, feedsCall, FIXTURES_EGRESS, insertFeed } from './feeds-helper';

// The egress policy (server/src/lib/egress, README "Outbound requests") as an attacker
// with an Admin account meets it through the feeds: what a feed may name (422 at create time),
// and what a run reads, redirects included, without telling whether a file exists.

const fileUrl = (file: string) => pathToFileURL(file).href;
/** A feed with no attachment base unless given (the fixtures' one is outside these policies' folders). */
const input = (overrides: Parameters<typeof feedInput>[0]) => feedInput({ attachmentBase: '', ...overrides });
const DEMO = `${fileUrl(DEMO_FILES_DIR)}/`;

interface Listening {
  server: Server;
  port: number;
  /** Requests it received, by path. */
  seen: string[];
  /** TCP connections it accepted. */
  connections: number;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(handler: RequestListener = (_, response) => response.end('[]')): Promise<Listening> {
  const listening: Listening = { server: undefined as unknown as Server, port: 0, seen: [], connections: 0 };
  const server = createServer((request, response) => {
    listening.seen.push(request.url ?? '');
    handler(request, response);
  });
  server.on('connection', () => (listening.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  listening.server = server;
  listening.port = (server.address() as { port: number }).port;
  return listening;
}

/** A loopback port nothing listens on (one that was just closed). */
async function closedPort(): Promise<number> {
  const { server, port } = await listen();
  servers.splice(servers.indexOf(server), 1);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the egress policy: which addresses the server connects to', () => {
  it('refuses internal ranges, IPv4-mapped ones too; the switch opens loopback and private ranges, never link-local or multicast', () => {
    const internal = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '169.254.169.254', 'fe80::1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', 'fc00::1', 'fd12::1', '224.0.0.1', 'ff02::1', '0.0.0.0', '::', '255.255.255.255'];
    for (const address of internal) expect(addressAllowed(address, { allowPrivate: false }), address).toBe(false);
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']) expect(addressAllowed(address, { allowPrivate: false }), address).toBe(true);
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.1', '100.64.0.1', 'fd12::1']) expect(addressAllowed(address, { allowPrivate: true }), address).toBe(true);
    for (const address of ['169.254.169.254', 'fe80::1', '224.0.0.1', '0.0.0.0', 'not an address']) expect(addressAllowed(address, { allowPrivate: true }), address).toBe(false);
  });
});

describeEachDatabase('announcement feeds under the egress policy', (suite) => {
  const run = async (app: FastifyInstance, feedId: number) => (await runFeed(app, { feedId, trigger: 'manual', createdBy: null }))?.error;
  const reasons = (answer: { statusCode: number; json: () => unknown }) => {
    expect(answer.statusCode).toBe(422);
    return (answer.json() as { reasons: Record<string, { code: string }> }).reasons;
  };

  it('refuses at create time, 422 with the reason, a file outside the folder and a host not allowed (the default policy)', async () => {
    const { app, admin } = await feedCallers(suite, {}, {});
    const secretKey = path.join(suite.dataDir(), 'secret.key');
    expect((await stat(secretKey)).isFile()).toBe(true);
    const outsideFolder = { code: 'egressFile', params: { folder: DEMO_FILES_DIR } };
    for (const url of ['file:///etc/passwd', 'file:///proc/self/environ', fileUrl(secretKey), `${DEMO}../../../../../../etc/passwd`, `${DEMO}%2e%2e/%2e%2e/src/env.ts`, 'file://other-host/etc/passwd']) {
      expect(reasons(await feedsCall(app, admin, 'POST', '', input({ url }))), url).toEqual({ url: outsideFolder });
    }
    expect(reasons(await feedsCall(app, admin, 'POST', '', input({ url: `${DEMO}bse.json`, attachmentBase: 'file:///etc/' })))).toEqual({ attachmentBase: outsideFolder });
    const hostNotAllowed = { code: 'egressHost', params: { hosts: 'www.nseindia.com, nsearchives.nseindia.com, www.bseindia.com, api.bseindia.com' } };
    expect(reasons(await feedsCall(app, admin, 'POST', '', input({ url: 'http://169.254.169.254/latest/meta-data/' })))).toEqual({ url: hostNotAllowed });
    // A port scanner learns nothing: an open and a closed loopback port answer alike, and nothing connects.
    const open = await listen();
    const [openAnswer, closedAnswer] = [
      await feedsCall(app, admin, 'POST', '', input({ name: 'probe', url: `http://127.0.0.1:${open.port}/` })),
      await feedsCall(app, admin, 'POST', '', input({ name: 'probe', url: `http://127.0.0.1:${await closedPort()}/` })),
    ];
    expect(openAnswer.statusCode).toBe(422);
    expect(openAnswer.body).toBe(closedAnswer.body);
    expect(open.connections).toBe(0);
    // What the policy allows.
    expect((await feedsCall(app, admin, 'POST', '', input({ url: `${DEMO}bse.json`, attachmentBase: DEMO }))).statusCode).toBe(201);
    expect((await feedsCall(app, admin, 'POST', '', input({ source: 'NSE', url: 'https://www.nseindia.com/api/corporate-announcements?index=equities', attachmentBase: '' }))).statusCode).toBe(201);
  });

  it('refuses internal addresses whatever hosts are allowed; the switch for tests opens loopback, never cloud metadata', async () => {
    const { app, admin } = await feedCallers(suite, {}, { EGRESS_ALLOWED_HOSTS: '*' });
    const internal = { url: { code: 'egressAddress' } };
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://127.0.0.1:8080/', 'http://[::ffff:7f00:1]/', 'http://[fe80::1]/', 'http://10.0.0.1/', 'http://0.0.0.0/', 'http://2130706433/']) {
      expect(reasons(await feedsCall(app, admin, 'POST', '', input({ url }))), url).toEqual(internal);
    }
    const loose = await feedCallers(suite, {}, { EGRESS_ALLOWED_HOSTS: '*', EGRESS_ALLOW_PRIVATE: true });
    expect(reasons(await feedsCall(loose.app, loose.admin, 'POST', '', input({ url: 'http://169.254.169.254/latest/meta-data/' })))).toEqual(internal);
    expect((await feedsCall(loose.app, loose.admin, 'POST', '', input({ url: 'http://127.0.0.1:8080/feed.json' }))).statusCode).toBe(201);
  });

  it('a run refuses what the policy forbids (a row written before it) and never tells whether a file exists', async () => {
    const lines: string[] = [];
    const { app } = await feedCallers(suite, { logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } }, {});
    const secretKey = path.join(suite.dataDir(), 'secret.key');
    const files = ['file:///etc/passwd', 'file:///etc/no-such-file', 'file:///proc/self/environ', fileUrl(secretKey), `${DEMO}no-such-feed.json`, DEMO];
    for (const url of files) expect(await run(app, await insertFeed(suite, { url })), url).toBe('feedFileUnreadable');
    expect(await run(app, await insertFeed(suite, { url: 'http://169.254.169.254/latest/meta-data/' }))).toBe('feedRefused');
    const open = await listen();
    expect(await run(app, await insertFeed(suite, { url: `http://127.0.0.1:${open.port}/` }))).toBe('feedRefused');
    expect(await run(app, await insertFeed(suite, { url: `http://127.0.0.1:${await closedPort()}/` }))).toBe('feedRefused');
    expect(open.connections).toBe(0);
    // The server's log says which feed failed and why, without a URL's credentials or query.
    const secret = await insertFeed(suite, { url: 'https://user:hunter2@127.0.0.1/feed.json?token=s3cr3t' });
    expect(await run(app, secret)).toBe('feedRefused');
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; feedId: number; reason: string; detail: string }).find((line) => line.feedId === secret);
    expect(logged).toMatchObject({ msg: 'announcements: feed run failed', reason: 'feedRefused', detail: 'egressHost https://127.0.0.1' });
    expect(lines.join('\n')).not.toMatch(/hunter2|s3cr3t/);
  });

  it('checks the address a host name resolves to, and connects to that one', async () => {
    const server = await listen((_, response) => response.end('[]'));
    const strict = (await feedCallers(suite, {}, { EGRESS_ALLOWED_HOSTS: 'localhost' })).app;
    expect(await run(strict, await insertFeed(suite, { url: `http://localhost:${server.port}/feed.json` }))).toBe('feedRefused');
    expect(server.connections).toBe(0);
    // Allowed by the switch, the same name is read.
    const loose = (await feedCallers(suite, {}, { EGRESS_ALLOWED_HOSTS: 'localhost', EGRESS_ALLOW_PRIVATE: true })).app;
    expect(await run(loose, await insertFeed(suite, { url: `http://localhost:${server.port}/feed.json` }))).toBe(null);
    expect(server.seen).toEqual(['/feed.json']);
  });

  it('checks every redirect again, and follows a bounded number', async () => {
    const { app } = await feedCallers(suite);
    const server = await listen((request, response) => {
      const to = (location: string) => {
        response.writeHead(302, { location });
        response.end();
      };
      if (request.url === '/to-metadata') return to('http://169.254.169.254/latest/meta-data/');
      if (request.url === '/to-other-host') return to(`http://localhost:${server.port}/feed.json`);
      if (request.url === '/to-file') return to('file:///etc/passwd');
      if (request.url === '/loop') return to('/loop');
      if (request.url === '/to-feed') return to('/feed.json');
      response.end('[]');
    });
    const base = `http://127.0.0.1:${server.port}`;
    for (const hop of ['/to-metadata', '/to-other-host', '/to-file']) expect(await run(app, await insertFeed(suite, { url: `${base}${hop}` })), hop).toBe('feedRefused');
    expect(await run(app, await insertFeed(suite, { url: `${base}/loop` }))).toBe('feedUnreachable');
    expect(server.seen.filter((seen) => seen === '/loop')).toHaveLength(6);
    expect(await run(app, await insertFeed(suite, { url: `${base}/to-feed` }))).toBe(null);
    // Refused hops were never asked for.
    expect(server.seen.filter((seen) => seen === '/feed.json')).toHaveLength(1);
  });

  it('keeps file: reads in the folder: ../ names, encoded ones and links do not leave it', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'bo-egress-'));
    try {
      const folder = path.join(root, 'feeds');
      await mkdir(folder);
      const pdf = 'tests/fixtures/announcements/infy-results-q2.pdf';
      await copyFile(pdf, path.join(root, 'outside.pdf'));
      await copyFile(pdf, path.join(folder, 'inside.pdf'));
      await symlink(path.join(root, 'outside.pdf'), path.join(folder, 'link.pdf'));
      const names = ['inside.pdf', '../outside.pdf', '%2e%2e/outside.pdf', '..%2Foutside.pdf', 'link.pdf', fileUrl(path.join(root, 'outside.pdf'))];
      const entry = (name: string, i: number) => ({ NEWSID: `egress-${suite.kind}-${i}`, NEWSSUB: `Attachment ${i}`, DissemDT: '2026-11-21T10:00:00', ATTACHMENTNAME: name });
      await writeFile(path.join(folder, 'bse.json'), JSON.stringify(names.map(entry)));
      await writeFile(path.join(root, 'outside.json'), JSON.stringify([entry('inside.pdf', 99)]));
      await symlink(path.join(root, 'outside.json'), path.join(folder, 'link.json'));
      const { app, admin } = await feedCallers(suite, {}, { ...FIXTURES_EGRESS, EGRESS_FILE_DIR: folder });
      const base = `${fileUrl(folder)}/`;

      const created = await feedsCall(app, admin, 'POST', '', input({ url: `${base}bse.json`, attachmentBase: base }));
      expect(created.statusCode, created.body).toBe(201);
      const outcome = await runFeed(app, { feedId: created.json<FeedAnswer>().id, trigger: 'manual', createdBy: null });
      expect(outcome).toMatchObject({ error: null, inserted: names.length, attachmentsFailed: names.length - 1 });
      const stored = await suite.sql<{ stored: boolean; attachment_error: string | null }>(
        `SELECT attachment_blob_id IS NOT NULL AS stored, attachment_error FROM announcements WHERE source_id LIKE $1 ORDER BY source_id`,
        [`egress-${suite.kind}-%`],
      );
      expect(stored).toEqual([{ stored: true, attachment_error: null }, ...names.slice(1).map(() => ({ stored: false, attachment_error: 'feedAttachmentFailed' }))]);

      // A feed that climbs out is refused when written; a link out reads as a missing file.
      expect(reasons(await feedsCall(app, admin, 'POST', '', input({ url: `${base}../outside.json` })))).toEqual({ url: { code: 'egressFile', params: { folder } } });
      expect(await run(app, await insertFeed(suite, { url: `${base}link.json` }))).toBe('feedFileUnreadable');
      expect(await run(app, await insertFeed(suite, { url: `${base}missing.json` }))).toBe('feedFileUnreadable');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
