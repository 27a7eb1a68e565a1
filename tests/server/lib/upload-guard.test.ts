import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { uploadGuard } from '../../../server/src/lib/upload-guard/index';
import { newestRcKey } from '../../../common/protocol/entity';
import { allAreasConfigFile } from '../admin/admin-helper';
import { API, ADMIN_PASSWORD, describeEachDatabase, formData, login, sealFor, sealed } from '../helper';
import { EXCEL_API_KEY } from '../news/news-helper';
import { inflatingSheet } from '../../fixtures/xlsx-bombs';
import { subjectInput } from '../../fixtures/kyc-forms';

// Issue 23: one upload guard for every multipart route. The app's OpenAPI description shows
// each route's form and the guard's policy for it (x-upload); a route cannot take a form past
// the guard; a refused upload leaves its keep-alive connection usable; and a price series'
// zip bomb is refused before any parser reads it.

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
  'x-upload'?: { files: Record<string, { kinds: string[]; maxBytes: number }>; fields: string[] };
}

const MULTIPART = 'multipart/form-data';
const MiB = 1024 * 1024;

/** Every operation of the description, as `METHOD /path`. */
function operations(app: { swagger(): unknown }): Array<[string, Operation]> {
  const { paths } = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation]));
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** One request through `agent`; rejects when no answer comes within `waitMs` (the old code kept the connection 72 s). */
function request(agent: http.Agent, port: number, options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer }, waitMs = 15_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, ...(options.body ? { 'content-length': String(options.body.length) } : {}) };
    const req = http.request({ host: '127.0.0.1', port, agent, method: options.method, path: options.path, headers });
    let socket: Socket | undefined;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${options.method} ${options.path}: no answer within ${waitMs} ms on the kept-alive connection`));
    }, waitMs);
    req.on('socket', (assigned) => {
      socket = assigned as Socket;
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), socket: socket as Socket });
      });
    });
    // A write cut short after the answer came (the server may close) is not this test's concern.
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(options.body);
  });
}

describe('the upload guard at registration', () => {
  it('refuses a route that consumes multipart without config.upload, and one that declares it without consuming multipart', async () => {
    const app = Fastify();
    await app.register(uploadGuard);
    // In a plugin, as the modules add theirs.
    await app.register(async (module) => {
      expect(() => module.post('/forgot', { schema: { consumes: [MULTIPART] } }, async () => ({}))).toThrow(/POST \/forgot consumes multipart\/form-data without config\.upload/);
      expect(() => module.post('/unused', { config: { upload: { files: {}, fields: ['a'] } } }, async () => ({}))).toThrow(/POST \/unused declares config\.upload without consumes/);
      expect(() =>
        module.post('/photo', { config: { upload: { files: { photo: { kinds: ['png'], maxBytes: 1000 } }, fields: [] } }, schema: { consumes: [MULTIPART] } }, async () => ({})),
      ).toThrow(/takes images without image\.maxPixels/);
      module.post('/form', { config: { upload: { files: {}, fields: ['a'] } }, schema: { consumes: [MULTIPART] } }, async () => ({}));
    });
    await app.ready();
    await app.close();
  });

  it('answers 415 to a form sent to a route that takes none', async () => {
    const app = Fastify();
    await app.register(uploadGuard);
    app.post('/json', async () => ({ ok: true }));
    const form = formData({ a: 'b' });
    const response = await app.inject({ method: 'POST', url: '/json', payload: form.payload, headers: { 'content-type': form.contentType } });
    expect(response.statusCode).toBe(415);
    await app.close();
  });
});

describeEachDatabase('the upload guard', (suite) => {
  it('is declared by every multipart route of the OpenAPI description, and only by them', async () => {
    const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
    await app.ready();
    const all = operations(app);
    const multipart = all.filter(([, operation]) => operation.requestBody?.content?.[MULTIPART]).map(([name]) => name);
    const guarded = all.filter(([, operation]) => operation['x-upload']).map(([name]) => name);
    // Every upload route of today, each through the guard (a new one joins the list by itself).
    expect(multipart).toEqual(
      expect.arrayContaining([
        `POST ${API}/be-api-management/news/upload-companies`,
        `POST ${API}/be-api-management/news/excel-download`,
        `POST ${API}/be-api-management/kyc/subjects`,
        `POST ${API}/be-api-management/kyc/subjects/{id}/documents/{type}`,
        `PUT ${API}/be-api-management/kyc/settings`,
        `POST ${API}/be-api-management/finview/plugins/price-series/series`,
      ]),
    );
    expect(guarded.sort()).toEqual(multipart.sort());
    for (const [name, operation] of all.filter(([, operation]) => operation['x-upload'])) {
      for (const [field, rule] of Object.entries(operation['x-upload']!.files)) {
        expect([name, field, rule.kinds.length > 0, rule.maxBytes > 0]).toEqual([name, field, true, true]);
      }
    }
  });

  it('leaves the keep-alive connection usable after any multipart route refuses an upload early (413, 415, 404)', { timeout: 120_000 }, async () => {
    const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
    const session = await login(app, 'superadmin', ADMIN_PASSWORD);
    const subject = await sealed(app, session, { method: 'POST', url: `${API}/be-api-management/kyc/subjects`, ...bodyOf(formData({ subject: JSON.stringify(subjectInput()) })) });
    expect(subject.statusCode, subject.body).toBe(201);
    const subjectId = subject.json<{ id: string }>().id;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;

    const routes = operations(app).filter(([, operation]) => operation['x-upload']);
    const failures: string[] = [];
    /** Sends the form, then a GET on the same agent (one socket): the second must be answered. */
    const twoOnOneConnection = async (label: string, method: string, path: string, body: { payload: Buffer; contentType: string }, expected: number[]) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const seal = await sealFor(session);
        const first = await request(agent, port, { method, path, body: body.payload, headers: { ...seal, 'content-type': body.contentType, 'x-api-key': EXCEL_API_KEY } });
        const rcKey = first.headers['rc-key'];
        if (typeof rcKey === 'string') session.rcKey = newestRcKey(session.rcKey, rcKey) ?? session.rcKey;
        const second = await request(agent, port, { method: 'GET', path: `${API}/publicKey` });
        const closed = first.headers.connection === 'close';
        if (!expected.includes(first.status) || !JSON.parse(first.body).message) failures.push(`${label}: first answered ${first.status} ${first.body.slice(0, 120)}`);
        if (second.status !== 200) failures.push(`${label}: second answered ${second.status}`);
        // Either the connection was kept and reused, or the first answer said it would close.
        if (!closed && second.socket !== first.socket) failures.push(`${label}: the connection was neither kept nor closed`);
      } catch (error) {
        failures.push(`${label}: ${(error as Error).message}`);
      } finally {
        agent.destroy();
      }
    };

    for (const [name, operation] of routes) {
      const [method, template] = name.split(' ') as [string, string];
      const path = template.replace('{id}', subjectId).replace('{type}', 'picture');
      const policy = operation['x-upload']!;
      const [field, rule] = Object.entries(policy.files)[0] ?? ['extra', { kinds: [], maxBytes: 0 }];
      // 11 MiB, past every route's file limit, of the field's first kind as far as its first bytes tell.
      const head = rule.kinds[0] === 'png' || rule.kinds[0] === 'jpeg' ? Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') : Buffer.from('PK\x03\x04', 'latin1');
      const large = Buffer.concat([head, Buffer.alloc(11 * MiB - head.length, 7)]);
      await twoOnOneConnection(`${name} 11 MiB`, method, path, formData({}, [{ field, filename: 'large.bin', content: large }]), [413]);
      if (rule.kinds.some((kind) => ['png', 'jpeg', 'pdf'].includes(kind))) {
        // Refused at its first bytes: text where a document is expected.
        const text = Buffer.alloc(3 * MiB, 'not a document ');
        await twoOnOneConnection(`${name} wrong type`, method, path, formData({}, [{ field, filename: 'text.png', content: text }]), [415]);
      }
    }
    // Refused before the form is read at all: no such subject.
    await twoOnOneConnection('document of no subject', 'POST', `${API}/be-api-management/kyc/subjects/999999/documents/picture`, formData({}, [{ field: 'file', filename: 'a.png', content: Buffer.alloc(3 * MiB, 1) }]), [404]);
    expect(failures).toEqual([]);
  });

  it('closes the connection after refusing a form of unknown length (chunked) early, rather than leave it waiting', { timeout: 60_000 }, async () => {
    const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
    const session = await login(app, 'superadmin', ADMIN_PASSWORD);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const boundary = 'guardchunked';
    // Text where a PAN card is expected, in a body that never says how long it is and never ends.
    const part = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="pan_card"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(128 * 1024, 'not a document '),
    ]);
    const headers = { ...(await sealFor(session)), host: `127.0.0.1:${port}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' };
    const head = `POST ${API}/be-api-management/kyc/subjects HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the connection was left open after: ${received.split('\r\n')[0]}`));
      }, 15_000);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
      });
      // The server closing its side is the point: answered, then closed.
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(received);
      });
      socket.on('error', () => undefined);
      socket.write(Buffer.concat([Buffer.from(head), Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 415 Unsupported Media Type');
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
  });

  it('refuses a price series .xlsx that inflates to 400 MiB before any parser reads it, and writes nothing', async () => {
    const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
    const session = await login(app, 'superadmin', ADMIN_PASSWORD);
    const bomb = inflatingSheet(400);
    expect(bomb.length).toBeLessThan(450 * 1024);
    const response = await sealed(app, session, {
      method: 'POST',
      url: `${API}/be-api-management/finview/plugins/price-series/series`,
      ...bodyOf(formData({ name: 'Bomb' }, [{ field: 'file', filename: 'bomb.xlsx', content: bomb }])),
    });
    expect([response.statusCode, response.json()]).toEqual([
      413,
      {
        message: 'The workbook unpacks to more than 64 MB (or 48 MB in one part); it is not read.',
        code: 'spreadsheetInflatedTooLarge',
        params: { mb: 64, partMb: 48 },
        errors: { file: 'is not valid' },
        reasons: { file: { code: 'invalid' } },
      },
    ]);
    expect(await suite.sql('SELECT 1 FROM finview_price_series')).toEqual([]);
  });

  it('takes a price series as CSV text in an 8-bit code page, and refuses a binary file that is no .xlsx with 415', async () => {
    const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
    const session = await login(app, 'superadmin', ADMIN_PASSWORD);
    const post = (name: string, content: Buffer) =>
      sealed(app, session, { method: 'POST', url: `${API}/be-api-management/finview/plugins/price-series/series`, ...bodyOf(formData({ name }, [{ field: 'file', filename: 'series.csv', content }])) });
    const windows1252 = Buffer.from('Date,Close,Note\n2026-01-02,7,caf\xe9\n', 'latin1');
    const csv = await post('Cafe', windows1252);
    expect(csv.statusCode, csv.body).toBe(201);
    const png = await post('Picture', Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex'));
    expect([png.statusCode, png.json().code, png.json().params]).toEqual([415, 'fileTypeRefused', { allowed: '.xlsx, CSV' }]);
  });
});

function bodyOf(form: { payload: Buffer; contentType: string }) {
  return { payload: form.payload, headers: { 'content-type': form.contentType } };
}
