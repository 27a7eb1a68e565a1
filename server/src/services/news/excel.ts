import { Worker } from 'node:worker_threads';
import type { CompanySheet } from '../../../../src/resources/company-sheet.js';
import type { BuildJob, ExcelJob, ExcelResult, ParseCompaniesJob } from '../../workers/excel-worker.js';

// One worker thread per app, started on first use and shared by every Excel job; jobs queue
// in it one at a time, so two cores are never both busy with spreadsheets.

const WORKER_URL = new URL(`../../workers/excel-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
const JOB_TIMEOUT_MS = 120_000;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Pending {
  resolve: (result: ExcelResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface ExcelService {
  build(job: Omit<BuildJob, 'kind'>): Promise<Buffer>;
  parseCompanies(job: Omit<ParseCompaniesJob, 'kind'>): Promise<CompanySheet>;
  close(): Promise<void>;
}

export function createExcelService(): ExcelService {
  let worker: Worker | null = null;
  let counter = 0;
  const pending = new Map<number, Pending>();

  function failAll(error: Error): void {
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      job.reject(error);
      pending.delete(id);
    }
  }

  function current(): Worker {
    if (worker) return worker;
    // Sources run through tsx (no build step for the server): the worker needs the same loader.
    const started = WORKER_URL.pathname.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`,
          { eval: true },
        )
      : new Worker(WORKER_URL);
    started.unref();
    started.on('message', (message: { id: number; result?: ExcelResult; error?: string }) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      clearTimeout(job.timer);
      if (message.result) job.resolve(message.result);
      else job.reject(new Error(`Excel worker failed: ${message.error}`));
    });
    started.on('error', (error) => {
      worker = null;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`Excel worker exited with code ${code}`));
    });
    worker = started;
    return started;
  }

  function run(job: ExcelJob, transfer: ArrayBuffer[] = []): Promise<ExcelResult> {
    counter += 1;
    const id = counter;
    const target = current();
    return new Promise<ExcelResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('Excel worker timed out'));
        // A runaway job (a zip bomb) must not hold the worker: start afresh next time.
        void target.terminate();
      }, JOB_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      target.postMessage({ id, job }, transfer);
    });
  }

  return {
    async build(job) {
      const result = await run({ kind: 'build', ...job });
      if (result.kind !== 'build') throw new Error('unexpected Excel worker answer');
      return Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength);
    },
    async parseCompanies(job) {
      const result = await run({ kind: 'parse-companies', ...job });
      if (result.kind !== 'parse-companies') throw new Error('unexpected Excel worker answer');
      return result.parsed;
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
