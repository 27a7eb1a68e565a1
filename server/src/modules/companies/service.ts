import type { FastifyInstance } from 'fastify';
import {
  checkCompany,
  COMPANY_FIELDS,
  COMPANY_TEXT_RULES,
  COMPANY_UPLOAD_MAX_ROWS,
  companyValuesOf,
  type CompanyFieldError,
  type CompanyTextField,
  type CompanyValues,
} from '../../../../common/domains/news/company-rules.js';
import type { CompanySheet, UploadFailureReason } from '../../../../common/domains/news/company-sheet.js';
import { XLSX_LIMITS, XLSX_REFUSAL_STATUS, type XlsxRefusal } from '../../../../common/xlsx-inspection.js';
import { HttpError } from '../../errors.js';
import {
  fieldReasonText,
  serverMessage,
  type FieldReason,
  type FieldReasonCode,
  type MessageParams,
  type ServerMessageCode,
} from '../../../../common/messages.js';
import type { AuditActor } from '../../lib/audit.js';
import { WorkerJobError } from '../../lib/worker-pool.js';
import type { ExcelService } from '../../lib/excel/excel-service.js';
import type { CrudRecord } from '../crud/repository.js';
import type { CrudService } from '../crud/service.js';
import type { CompaniesRepository } from './repository.js';

const MAX_REPORTED_ERRORS = 200;
// Any constant nothing else uses: uploads queue on it, so two files with the same new ISIN
// cannot both try to insert it.
const UPLOAD_LOCK = 7_263_548_003;

/** One refused cell: English `reason` (API.md) with its catalogue code and values. */
export interface RowProblem {
  row: number;
  field: string;
  reason: string;
  code: FieldReasonCode;
  params?: MessageParams;
}

/** Why a whole file is refused: a reason the preview shares (news.upload.failed.*). */
export type UploadReason = Exclude<UploadFailureReason, 'tooLarge' | 'notXlsx'>;

const MB = (bytes: number) => Math.floor(bytes / 1e6);

/** The catalogue sentence of each reason, with its limits. */
const REASON_MESSAGES: Record<UploadReason, { code: ServerMessageCode; params?: MessageParams }> = {
  unreadable: { code: 'uploadUnreadable' },
  emptySheet: { code: 'uploadEmpty' },
  wrongHeaders: { code: 'uploadHeaders', params: { expected: COMPANY_FIELDS.join(', ') } },
  tooManyRows: { code: 'uploadTooManyRows', params: { max: COMPANY_UPLOAD_MAX_ROWS } },
  tooManyEntries: { code: 'uploadTooManyEntries', params: { max: XLSX_LIMITS.entries } },
  inflatedTooLarge: {
    code: 'uploadInflatedTooLarge',
    params: { mb: MB(XLSX_LIMITS.inflatedBytes), partMb: MB(XLSX_LIMITS.entryBytes), max: COMPANY_UPLOAD_MAX_ROWS },
  },
  tooManyCells: { code: 'uploadTooManyCells', params: { cells: XLSX_LIMITS.cells, max: COMPANY_UPLOAD_MAX_ROWS } },
  tooManyStrings: { code: 'uploadTooManyStrings', params: { strings: XLSX_LIMITS.strings, max: COMPANY_UPLOAD_MAX_ROWS } },
  tooComplex: { code: 'uploadTooComplex' },
};

/**
 * An upload refused with `{message, code, params?, reason?, errors?: [{row, field, reason, code}]}`
 * and `status` (413 when too large once inflated, else 422); nothing was written.
 */
export class UploadError extends Error {
  readonly status: 413 | 422;
  readonly params?: MessageParams;
  constructor(
    readonly code: ServerMessageCode,
    readonly errors?: RowProblem[],
    params?: MessageParams,
    readonly reason?: UploadReason,
  ) {
    super(serverMessage(code, params));
    this.name = 'UploadError';
    if (params) this.params = params;
    this.status = reason && reason in XLSX_REFUSAL_STATUS ? XLSX_REFUSAL_STATUS[reason as XlsxRefusal] : 422;
  }

  static of(reason: UploadReason, errors?: RowProblem[]): UploadError {
    const { code, params } = REASON_MESSAGES[reason];
    return new UploadError(code, errors, params, reason);
  }

  toJSON() {
    return {
      message: this.message,
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

/**
 * The companies sheet, read in a worker (the upload guard's zip check has found every limit
 * kept); a worker that runs out of memory or time is ended and the upload refused.
 */
async function readUpload(excel: ExcelService, file: Buffer): Promise<CompanySheet> {
  try {
    return await excel.parseCompanies({ data: new Uint8Array(file), maxRows: COMPANY_UPLOAD_MAX_ROWS });
  } catch (error) {
    if (error instanceof WorkerJobError && (error.failure === 'memory' || error.failure === 'timeout')) throw UploadError.of('tooComplex');
    throw error;
  }
}

/** The shared rule's reason codes as the catalogue's (the client words the preview's the same way). */
function companyReason(error: CompanyFieldError, firstRowWithIsin?: number): FieldReason {
  switch (error.reason) {
    case 'required':
      return { code: 'required' };
    case 'invalidCharacters':
      return { code: 'letters' };
    case 'invalidEmailCharacters':
      return { code: 'emailLetters' };
    case 'tooLong':
      return { code: 'tooLong', params: { limit: COMPANY_TEXT_RULES[error.field as CompanyTextField].max } };
    case 'invalidIsin':
      return { code: 'isin' };
    case 'invalidEmail':
      return { code: 'email' };
    case 'invalidBoolean':
      return { code: 'boolean' };
    case 'formula':
      return { code: 'formula' };
    case 'duplicateIsin':
      return { code: 'duplicateIsin', params: { row: firstRowWithIsin ?? 0 } };
  }
}

function problem(row: number, field: string, reason: FieldReason): RowProblem {
  return { row, field, reason: fieldReasonText(reason), ...reason };
}

/** The sheet's companies, or an UploadError naming every problem (the first 200). */
function uploadedCompanies(sheet: CompanySheet): CompanyValues[] {
  if (!sheet.ok) {
    if (sheet.reason !== 'wrongHeaders') throw UploadError.of(sheet.reason);
    throw UploadError.of('wrongHeaders', [
      ...sheet.missing.map((field) => problem(sheet.headerRow, field, { code: 'headerMissing' })),
      ...sheet.unexpected.map((field) => problem(sheet.headerRow, field, { code: 'headerUnexpected' })),
    ]);
  }
  const problems: RowProblem[] = [];
  // The row a duplicate repeats: the first one whose ISIN the sheet reader took as valid.
  const firstRowWithIsin = new Map<string, number>();
  for (const { row, values, errors } of sheet.rows) {
    if (!errors.some((error) => error.field === 'isin' || error.reason === 'formula') && !firstRowWithIsin.has(values.isin)) {
      firstRowWithIsin.set(values.isin, row);
    }
    for (const error of errors) {
      if (problems.length < MAX_REPORTED_ERRORS) problems.push(problem(row, error.field, companyReason(error, firstRowWithIsin.get(values.isin))));
    }
  }
  if (problems.length > 0) {
    // At the cap, the count says "200+": more problems may lie beyond it.
    const count = problems.length >= MAX_REPORTED_ERRORS ? `${MAX_REPORTED_ERRORS}+` : problems.length;
    throw new UploadError('uploadRows', problems, { count });
  }
  return sheet.rows.map((row) => companyValuesOf(row.values));
}

export function createCompaniesService(fastify: FastifyInstance, companies: CompaniesRepository, crud: CrudService, excel: ExcelService) {
  return {
    /** search-company (API.md): at most 20, names starting with the text first. */
    search: (text: string) => companies.search(text),

    /**
     * update-company (API.md): fields left out keep their value; the result is checked whole
     * under the company rule, as the form shows it. `version`, when sent, must be the
     * record's (409 staleEdit otherwise); the legacy body predates it, so it may be left out.
     */
    async update(actor: AuditActor, input: Partial<CompanyValues> & { companyId: string | number; version?: number | undefined }): Promise<CrudRecord> {
      const { companyId, version, ...changes } = input;
      return crud.change(actor, String(companyId), 'update', version, async (before, tx) => {
        const merged = { ...companyValuesOf(before as unknown as CompanyValues), ...changes };
        const errors = checkCompany(merged);
        if (errors.length > 0) {
          throw new HttpError(422, 'companyInvalid', Object.fromEntries(errors.map((error) => [error.field, companyReason(error)])));
        }
        const value = companyValuesOf(merged);
        if (value.isin !== before.isin && (await companies.isinTaken(tx, value.isin, String(companyId)))) {
          throw new HttpError(422, 'companyInvalid', { isin: 'isinTaken' });
        }
        return { ...value };
      });
    },

    /**
     * Checks the zip, parses and checks the whole file in a worker, then writes every row or
     * none (importMany): rows match existing companies by ISIN (update), others are inserted;
     * unchanged rows count in neither figure and are not audited.
     */
    async upload(actor: AuditActor, file: Buffer): Promise<{ inserted: number; updated: number }> {
      const rows = uploadedCompanies(await readUpload(excel, file));

      return fastify.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [UPLOAD_LOCK]);
        return companies.importMany(tx, actor, rows);
      });
    },
  };
}
