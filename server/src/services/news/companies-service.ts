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
} from '../../../../src/resources/company-rules.js';
import type { CompanySheet } from '../../../../src/resources/company-sheet.js';
import { HttpError } from '../../errors.js';
import type { CompanyRow } from '../../plugins/companies-repository.js';
import { recordAudit, type AuditActor } from '../audit.js';
import type { ExcelService } from './excel.js';

export const COMPANY_MESSAGES = {
  invalid: 'Company details may contain only letters, digits and spaces (email and website also @ and .).',
  notFound: 'Company not found.',
  isinTaken: 'is used by another company',
};

export const UPLOAD_MESSAGES = {
  unreadable: 'The file is not a readable .xlsx workbook.',
  emptySheet: 'The sheet is empty: expected a header row and at least one company.',
  tooManyRows: `The sheet has more than ${COMPANY_UPLOAD_MAX_ROWS} companies; split it into several files.`,
};

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

/** An upload refused with `{message, errors: [{row, field, reason}]}`; nothing was written. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly errors?: RowProblem[],
  ) {
    super(message);
    this.name = 'UploadError';
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
    if (sheet.reason !== 'wrongHeaders') throw new UploadError(UPLOAD_MESSAGES[sheet.reason]);
    const parts = [
      sheet.missing.length > 0 ? `missing ${sheet.missing.join(', ')}` : '',
      sheet.unexpected.length > 0 ? `unexpected ${sheet.unexpected.join(', ')}` : '',
    ].filter(Boolean);
    throw new UploadError(`The header row must be exactly: ${COMPANY_FIELDS.join(', ')} (${parts.join('; ')}).`, [
      ...sheet.missing.map((field) => ({ row: sheet.headerRow, field, reason: 'header is missing' })),
      ...sheet.unexpected.map((field) => ({ row: sheet.headerRow, field, reason: 'header is not expected' })),
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
      if (problems.length < MAX_REPORTED_ERRORS) problems.push({ row, field: error.field, reason: reasonText(error, firstRowWithIsin.get(values.isin)) });
    }
  }
  if (problems.length > 0) {
    const count = problems.length >= MAX_REPORTED_ERRORS ? `${MAX_REPORTED_ERRORS}+` : String(problems.length);
    throw new UploadError(`Some rows are not valid (${count} problems); nothing was imported.`, problems);
  }
  return sheet.rows.map((row) => companyValuesOf(row.values));
}

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

    /** Parses and checks the whole file in the worker, then writes every row or none (importMany). */
    async upload(actor: AuditActor, file: Buffer): Promise<{ inserted: number; updated: number }> {
      const rows = uploadedCompanies(await excel.parseCompanies({ data: new Uint8Array(file), maxRows: COMPANY_UPLOAD_MAX_ROWS }));

      return fastify.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [UPLOAD_LOCK]);
        return companies.importMany(tx, actor, rows);
      });
    },
  };
}
