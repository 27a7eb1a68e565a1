import type { CompanySheet } from '../../../../common/domains/news/company-sheet.js';
import type { BuildJob, ExcelJob, ExcelResult, ParseCompaniesJob } from '../../workers/excel-worker.js';
import { createWorkerPool, type WorkerPoolOptions } from '../worker-pool.js';

// Excel jobs run in worker threads, in two lanes: uploads are parsed in one, workbooks (the
// template, news exports) built in the other, so no upload, however heavy, holds up another
// user's download. Each lane starts its workers on demand and ends them when idle.

const WORKER_URL = new URL(`../../workers/excel-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Lane = Omit<WorkerPoolOptions, 'entry'>;

export interface ExcelLanes {
  parse: Lane;
  build: Lane;
}

/**
 * Parsing the largest upload the zip check lets through (50 000 rows, every field at its
 * longest) peaks under 400 MB of heap; a 5 000-row news export needs far less. Two parsers
 * because the machine has two cores; a job still running after a minute is ended.
 */
export const EXCEL_LANES: ExcelLanes = {
  parse: { size: 2, resourceLimits: { maxOldGenerationSizeMb: 768 }, timeoutMs: 60_000, idleMs: 30_000 },
  build: { size: 1, resourceLimits: { maxOldGenerationSizeMb: 512 }, timeoutMs: 60_000, idleMs: 30_000 },
};

export interface ExcelService {
  build(job: Omit<BuildJob, 'kind'>): Promise<Buffer>;
  parseCompanies(job: Omit<ParseCompaniesJob, 'kind'>): Promise<CompanySheet>;
  close(): Promise<void>;
}

export function createExcelService(lanes: ExcelLanes = EXCEL_LANES): ExcelService {
  const parsers = createWorkerPool<ExcelJob, ExcelResult>({ entry: WORKER_URL, ...lanes.parse });
  const builders = createWorkerPool<ExcelJob, ExcelResult>({ entry: WORKER_URL, ...lanes.build });

  return {
    async build(job) {
      const result = await builders.run({ kind: 'build', ...job });
      if (result.kind !== 'build') throw new Error('unexpected Excel worker answer');
      return Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength);
    },
    async parseCompanies(job) {
      const result = await parsers.run({ kind: 'parse-companies', ...job });
      if (result.kind !== 'parse-companies') throw new Error('unexpected Excel worker answer');
      return result.parsed;
    },
    async close() {
      await Promise.all([parsers.close(), builders.close()]);
    },
  };
}
