import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClamdScanner } from '../../../../server/src/modules/kyc/files/clamd-scanner.js';
import { noVirusScanner, ScannerUnavailableError } from '../../../../server/src/modules/kyc/files/virus-scanner.js';
import { describeEachDatabase } from '../../helper.js';
import { describeWithClamd, EICAR, EICAR_SIGNATURE, startClamd, type Clamd } from './clamd-fixture.js';

const SAMPLES = path.join(import.meta.dirname, 'samples');
const TEN_MB = 10 * 1024 * 1024;

/** A TCP server that accepts and reads, never answers: a hung clamd. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket.resume()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('virus scanner: none configured', () => {
  it('says so and skips every file, even EICAR', async () => {
    expect(noVirusScanner.configured).toBe(false);
    await expect(noVirusScanner.scan(EICAR)).resolves.toEqual({ status: 'skipped' });
  });
});

describe('virus scanner: clamd that does not answer', () => {
  it('fails with ScannerUnavailableError at the time-out', async () => {
    const silent = await silentServer();
    try {
      const scanner = createClamdScanner({ host: '127.0.0.1', port: silent.port }, { timeoutMs: 1000 });
      const started = Date.now();
      const failure = await scanner.scan(EICAR).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ScannerUnavailableError);
      expect((failure as Error).message).toMatch(/no answer within 1000 ms/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await silent.close();
    }
  });
});

describeWithClamd('virus scanner: clamd over a local socket', () => {
  let clamd: Clamd;
  beforeAll(async () => {
    clamd = await startClamd();
  });
  afterAll(async () => {
    await clamd?.stop();
  });

  it('finds EICAR and names the signature', async () => {
    const scanner = createClamdScanner(clamd.target);
    expect(scanner.configured).toBe(true);
    await expect(scanner.scan(EICAR)).resolves.toEqual({ status: 'infected', signature: EICAR_SIGNATURE });
  });

  it.each(['clean.jpg', 'clean.pdf'])('answers clean for %s', async (name) => {
    const scanner = createClamdScanner(clamd.target);
    await expect(scanner.scan(await readFile(path.join(SAMPLES, name)))).resolves.toEqual({ status: 'clean' });
  });

  it('scans a 10 MB file (the upload limit) within its stream limit', async () => {
    const scanner = createClamdScanner(clamd.target);
    await expect(scanner.scan(randomBytes(TEN_MB))).resolves.toEqual({ status: 'clean' });
  });

  it('answers clean for an empty file', async () => {
    await expect(createClamdScanner(clamd.target).scan(Buffer.alloc(0))).resolves.toEqual({ status: 'clean' });
  });
});

describeWithClamd('virus scanner: clamd over TCP', () => {
  let clamd: Clamd;
  beforeAll(async () => {
    clamd = await startClamd({ tcp: true });
  });
  afterAll(async () => {
    await clamd?.stop();
  });

  it('finds EICAR and passes a clean file', async () => {
    const scanner = createClamdScanner(clamd.target);
    await expect(scanner.scan(EICAR)).resolves.toEqual({ status: 'infected', signature: EICAR_SIGNATURE });
    await expect(scanner.scan(await readFile(path.join(SAMPLES, 'clean.pdf')))).resolves.toEqual({ status: 'clean' });
  });

  it('fails with ScannerUnavailableError once clamd is stopped', async () => {
    const scanner = createClamdScanner(clamd.target);
    await clamd.stop();
    await expect(scanner.scan(EICAR)).rejects.toThrow(ScannerUnavailableError);
    await expect(scanner.ping()).rejects.toThrow(ScannerUnavailableError);
  });
});

describeWithClamd('virus scanner: clamd stopped (local socket)', () => {
  it('fails with ScannerUnavailableError, naming where it looked', async () => {
    const clamd = await startClamd();
    const scanner = createClamdScanner(clamd.target);
    await expect(scanner.scan(EICAR)).resolves.toMatchObject({ status: 'infected' });
    await clamd.stop();
    const failure = await scanner.scan(EICAR).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScannerUnavailableError);
    expect((failure as Error).message).toContain(`unix:${(clamd.target as { socketPath: string }).socketPath}`);
  });
});

describeWithClamd('virus scanner: clamd whose StreamMaxLength is below the upload limit', () => {
  let clamd: Clamd;
  beforeAll(async () => {
    clamd = await startClamd({ streamMaxLength: '1M' });
  });
  afterAll(async () => {
    await clamd?.stop();
  });

  it('fails with ScannerUnavailableError naming StreamMaxLength, never "clean"', async () => {
    const failure = await createClamdScanner(clamd.target).scan(randomBytes(TEN_MB)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScannerUnavailableError);
    expect((failure as Error).message).toMatch(/StreamMaxLength/);
  });
});

describeWithClamd('virus scanner: the app decorator with clamd', () => {
  let clamd: Clamd;
  beforeAll(async () => {
    clamd = await startClamd();
  });
  afterAll(async () => {
    await clamd?.stop();
  });

  describeEachDatabase('fastify.virusScanner', (suite) => {
    it('is clamd at CLAMD_SOCKET when set', async () => {
      const app = await suite.build({ CLAMD_SOCKET: (clamd.target as { socketPath: string }).socketPath });
      expect(app.virusScanner.configured).toBe(true);
      await expect(app.virusScanner.scan(EICAR)).resolves.toEqual({ status: 'infected', signature: EICAR_SIGNATURE });
    });
  });
});

describeEachDatabase('virus scanner: the app decorator', (suite) => {
  it('is "none configured" without CLAMD_SOCKET or CLAMD_HOST', async () => {
    const app = await suite.build();
    expect(app.virusScanner.configured).toBe(false);
    await expect(app.virusScanner.scan(EICAR)).resolves.toEqual({ status: 'skipped' });
  });

  it('takes CLAMD_HOST, CLAMD_PORT and CLAMD_TIMEOUT_MS: a host that does not answer fails at the time-out', async () => {
    const silent = await silentServer();
    try {
      const app = await suite.build({ CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(silent.port), CLAMD_TIMEOUT_MS: '1000' });
      expect(app.virusScanner.configured).toBe(true);
      const started = Date.now();
      await expect(app.virusScanner.scan(EICAR)).rejects.toThrow(/127\.0\.0\.1:\d+: no answer within 1000 ms/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await silent.close();
    }
  });
});
