import type { FastifyInstance } from 'fastify';
import {
  checkCompany,
  COMPANY_FIELDS,
  COMPANY_TEXT_FIELDS,
  COMPANY_TEXT_RULES,
  COMPANY_UPLOAD_MAX_ROWS,
  companyValuesOf,
  type CompanyFieldError,
  type CompanyTextField,
  type CompanyValues,
} from '../../../../src/resources/company-rules.js';
import type { CompanySheet, UploadFailureReason } from '../../../../src/resources/company-sheet.js';
import { XLSX_LIMITS, XLSX_REFUSAL_STATUS, type XlsxRefusal } from '../../../../src/resources/xlsx-inspection.js';
import { HttpError } from '../../errors.js';
import type { CompanyRow } from '../../plugins/companies-repository.js';
import { recordAudits, recordAudit, type AuditActor } from '../audit.js';
import { WorkerJobError } from '../worker-pool.js';
import type { ExcelService } from './excel.js';
import { inspectXlsxZip } from './xlsx-zip.js';

export const COMPANY_MESSAGES = {
  invalid: 'Company details may contain only letters, digits and spaces (email and website also @ and .).',
  notFound: 'Company not found.',
  isinTaken: 'is used by another company',
};

const TEMPLATE_SIZED = `upload at most ${COMPANY_UPLOAD_MAX_ROWS} companies in the template's columns`;

export const UPLOAD_MESSAGES = {
  unreadable: 'The file is not a readable .xlsx workbook.',
  emptySheet: 'The sheet is empty: expected a header row and at least one company.',
  tooManyRows: `The sheet has more than ${COMPANY_UPLOAD_MAX_ROWS} companies; split it into several files.`,
  tooManyEntries: `The workbook holds more than ${XLSX_LIMITS.entries} parts; upload the template's sheet on its own.`,
  inflatedTooLarge: `The workbook unpacks to more than ${Math.floor(XLSX_LIMITS.inflatedBytes / 1e6)} MB (or ${Math.floor(XLSX_LIMITS.entryBytes / 1e6)} MB in one part); ${TEMPLATE_SIZED}.`,
  tooManyCells: `The workbook holds more than ${XLSX_LIMITS.cells} cells; ${TEMPLATE_SIZED}.`,
  tooManyStrings: `The workbook holds more than ${XLSX_LIMITS.strings} texts; ${TEMPLATE_SIZED}.`,
  tooComplex: "The workbook needs more memory or time to read than an upload may take; upload the template's sheet on its own.",
} satisfies Record<UploadReason, string>;

const TEXT_RULE = 'letters, digits and spaces only';
const EMAIL_RULE = "letters, digits, spaces, '@' and '.' only";
const MAX_REPORTED_ERRORS = 200;
// Any constant nothing else uses: uploads queue on it, so two files with the same new ISIN
// cannot both try to insert it.
const UPLOAD_LOCK = 7_263_548_003;

export interface RowProblem {
  row: number;
  field: string;
  reason: string;
}

/** Why a whole file is refused: a code the client words itself (news.upload.failed.*). */
export type UploadReason = Exclude<UploadFailureReason, 'tooLarge' | 'notXlsx' | 'wrongHeaders'>;

/**
 * An upload refused with `{message, reason?, errors?: [{row, field, reason}]}` and `status`
 * (413 when too large once inflated, else 422); nothing was written.
 */
export class UploadError extends Error {
  readonly status: 413 | 422;
  constructor(
    message: string,
    readonly errors?: RowProblem[],
    readonly reason?: UploadReason | 'wrongHeaders',
  ) {
    super(message);
    this.name = 'UploadError';
    this.status = reason && reason in XLSX_REFUSAL_STATUS ? XLSX_REFUSAL_STATUS[reason as XlsxRefusal] : 422;
  }

  static of(reason: UploadReason): UploadError {
    return new UploadError(UPLOAD_MESSAGES[reason], undefined, reason);
  }
}

/**
 * The companies sheet, read in a worker only once the zip check found every limit kept;
 * a worker that runs out of memory or time is ended and the upload refused.
 */
async function readUpload(excel: ExcelService, file: Buffer): Promise<CompanySheet> {
  const refusal = await inspectXlsxZip(file);
  if (refusal) throw UploadError.of(refusal);
  try {
    return await excel.parseCompanies({ data: new Uint8Array(file), maxRows: COMPANY_UPLOAD_MAX_ROWS });
  } catch (error) {
    if (error instanceof WorkerJobError && (error.failure === 'memory' || error.failure === 'timeout')) throw UploadError.of('tooComplex');
    throw error;
  }
}

/** The shared rule's reason codes in the API's words (the client words the same codes itself). */
function reasonText(error: CompanyFieldError, firstRowWithIsin?: number): string {
  switch (error.reason) {
    case 'required':
      return 'is required';
    case 'invalidCharacters':
      return `must contain ${TEXT_RULE}`;
    case 'invalidEmailCharacters':
      return `must contain ${EMAIL_RULE}`;
    case 'tooLong':
      return `must be at most ${COMPANY_TEXT_RULES[error.field as CompanyTextField].max} characters`;
    case 'invalidIsin':
      return 'must be an ISIN: 2 capital letters, 9 capital letters or digits, then a digit';
    case 'invalidEmail':
      return 'must be an email address';
    case 'invalidBoolean':
      return 'must be TRUE or FALSE';
    case 'formula':
      return 'must be a value, not a formula';
    case 'duplicateIsin':
      return `repeats the ISIN of row ${firstRowWithIsin}`;
  }
}

/** The sheet's companies, or an UploadError naming every problem (the first 200). */
function uploadedCompanies(sheet: CompanySheet): CompanyValues[] {
  if (!sheet.ok) {
    if (sheet.reason !== 'wrongHeaders') throw UploadError.of(sheet.reason);
    const parts = [
      sheet.missing.length > 0 ? `missing ${sheet.missing.join(', ')}` : '',
      sheet.unexpected.length > 0 ? `unexpected ${sheet.unexpected.join(', ')}` : '',
    ].filter(Boolean);
    throw new UploadError(
      `The header row must be exactly: ${COMPANY_FIELDS.join(', ')} (${parts.join('; ')}).`,
      [
        ...sheet.missing.map((field) => ({ row: sheet.headerRow, field, reason: 'header is missing' })),
        ...sheet.unexpected.map((field) => ({ row: sheet.headerRow, field, reason: 'header is not expected' })),
      ],
      'wrongHeaders',
    );
  }
  const problems: RowProblem[] = [];
  // The row a duplicate repeats: the first one whose ISIN the sheet reader took as valid.
  const firstRowWithIsin = new Map<string, number>();
  for (const { row, values, errors } of sheet.rows) {
    if (!errors.some((error) => error.field === 'isin' || error.reason === 'formula') && !firstRowWithIsin.has(values.isin)) {
      firstRowWithIsin.set(values.isin, row);
    }
    for (const error of errors) {
      if (problems.length < MAX_REPORTED_ERRORS) problems.push({ row, field: error.field, reason: reasonText(error, firstRowWithIsin.get(values.isin)) });
    }
  }
  if (problems.length > 0) {
    const count = problems.length >= MAX_REPORTED_ERRORS ? `${MAX_REPORTED_ERRORS}+` : String(problems.length);
    throw new UploadError(`Some rows are not valid (${count} problems); nothing was imported.`, problems);
  }
  return sheet.rows.map((row) => companyValuesOf(row.values));
}

const same = (a: CompanyValues, b: CompanyValues) =>
  COMPANY_TEXT_FIELDS.every((field) => a[field] === b[field]) && a.isActive === b.isActive;

export function createCompaniesService(fastify: FastifyInstance, excel: ExcelService) {
  const companies = fastify.companiesRepository;

  return {
    /** Fields left out keep their value; the result is checked whole, as the form shows it. */
    async update(actor: AuditActor, input: Partial<CompanyValues> & { companyId: string | number }): Promise<CompanyRow> {
      const companyId = String(input.companyId);
      return fastify.db.transaction(async (tx) => {
        const before = await companies.findForUpdate(tx, companyId);
        if (!before) throw new HttpError(404, COMPANY_MESSAGES.notFound);
        const merged = { ...companyValuesOf(before), ...input };
        const errors = checkCompany(merged);
        if (errors.length > 0) {
          throw new HttpError(422, COMPANY_MESSAGES.invalid, Object.fromEntries(errors.map((error) => [error.field, reasonText(error)])));
        }
        const value = companyValuesOf(merged);
        if (value.isin !== before.isin && (await companies.isinTaken(tx, value.isin, companyId))) {
          throw new HttpError(422, COMPANY_MESSAGES.invalid, { isin: COMPANY_MESSAGES.isinTaken });
        }
        const after = await companies.update(tx, companyId, value);
        await recordAudit(tx, { actor, entity: 'company', entityId: companyId, action: 'update', before, after });
        return after;
      });
    },

    /**
     * Checks the zip, parses and checks the whole file in a worker, then writes every row or none: rows
     * match existing companies by ISIN (update), others are inserted. Unchanged rows count
     * in neither figure and are not audited.
     */
    async upload(actor: AuditActor, file: Buffer): Promise<{ inserted: number; updated: number }> {
      const rows = uploadedCompanies(await readUpload(excel, file));

      return fastify.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [UPLOAD_LOCK]);
        const existing = new Map((await companies.lockByIsins(tx, rows.map((row) => row.isin))).map((row) => [row.isin, row]));
        const fresh: CompanyValues[] = [];
        const changed: Array<{ before: CompanyRow; after: CompanyValues & { companyId: string } }> = [];
        for (const value of rows) {
          const before = existing.get(value.isin);
          if (!before) fresh.push(value);
          else if (!same(before, value)) changed.push({ before, after: { ...value, companyId: before.companyId } });
        }
        const inserted = await companies.insertMany(tx, fresh);
        await companies.updateMany(tx, changed.map((change) => change.after));
        await recordAudits(tx, [
          ...inserted.map((row) => ({ actor, entity: 'company', entityId: row.companyId, action: 'import', after: row })),
          ...changed.map(({ before, after }) => ({ actor, entity: 'company', entityId: before.companyId, action: 'import', before, after })),
        ]);
        return { inserted: inserted.length, updated: changed.length };
      });
    },
  };
}
