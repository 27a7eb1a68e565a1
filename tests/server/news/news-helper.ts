import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { shippedConfig, withAreas } from '../../fixtures/app-config';
import { ADMIN_PASSWORD, API, DEMO_PASSWORD, formData, login, sealed, type FormFile, type Session, type SuiteContext } from '../helper';

export const NEWS_API = `${API}/be-api-management/news`;
export const SHIPPED_CONFIG = 'config/app.json';
export const EXCEL_API_KEY = (JSON.parse(readFileSync(SHIPPED_CONFIG, 'utf8')) as { excelApiKey: string }).excelApiKey;
export const TEMPLATE_HEADERS = ['compName', 'isin', 'ticker', 'exchange', 'sector', 'website', 'email', 'phone', 'address', 'isActive'];

/** The shipped config with the news menu entry active (it ships inactive). Written once per process. */
let newsConfig: string | undefined;
export function newsConfigFile(): string {
  if (newsConfig) return newsConfig;
  const config = withAreas(shippedConfig(), ['news-management']);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bo-news-config-')), 'app.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  newsConfig = file;
  return file;
}

export interface NewsCallers {
  app: FastifyInstance;
  superAdmin: Session;
  admin: Session;
  analyst: Session;
}

export async function newsCallers(suite: SuiteContext): Promise<NewsCallers> {
  const app = await suite.build({ APP_CONFIG: newsConfigFile() });
  const [superAdmin, admin, analyst] = await Promise.all([
    login(app, 'superadmin', ADMIN_PASSWORD),
    login(app, 'admin', DEMO_PASSWORD),
    login(app, 'analyst', DEMO_PASSWORD),
  ]);
  return { app, superAdmin, admin, analyst };
}

export function get(app: FastifyInstance, session: Session, url: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return sealed(app, session, { method: 'GET', url: `${NEWS_API}${url}`, query, headers });
}

export function post(app: FastifyInstance, session: Session, url: string, payload: object) {
  return sealed(app, session, { method: 'POST', url: `${NEWS_API}${url}`, payload });
}

export type MultipartFile = FormFile;

/** A multipart/form-data body with at most one file, an .xlsx unless it says otherwise. */
export function multipart(fields: Record<string, string>, file?: MultipartFile): { payload: Buffer; contentType: string } {
  return formData(fields, file ? [{ contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ...file }] : []);
}

export function postMultipart(
  app: FastifyInstance,
  session: Session,
  url: string,
  fields: Record<string, string>,
  file?: MultipartFile,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, file);
  return sealed(app, session, {
    method: 'POST',
    url: `${NEWS_API}${url}`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...headers },
  });
}

/** An .xlsx with these rows (the first is the header row); `cells` overrides individual cells (formulas). */
export function workbook(rows: unknown[][], cells: Record<string, XLSX.CellObject> = {}): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  for (const [address, cell] of Object.entries(cells)) sheet[address] = cell;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Companies');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export function readSheet(data: Buffer): { rows: unknown[][]; sheet: XLSX.WorkSheet } {
  const book = XLSX.read(data, { type: 'buffer', cellFormula: true });
  const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
  return { rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true }), sheet };
}

let isinCounter = 0;
/** A unique, valid ISIN for test data: TS + 9 random-ish capitals/digits + a digit. */
export function testIsin(): string {
  isinCounter += 1;
  return `TS${randomBytes(3).toString('hex').toUpperCase()}${String(isinCounter % 1000).padStart(3, '0')}${isinCounter % 10}`;
}

export async function insertCompany(suite: SuiteContext, compName: string, isin = testIsin()): Promise<string> {
  const [row] = await suite.sql<{ id: string }>(
    `INSERT INTO companies (comp_name, isin, ticker, exchange, sector) VALUES ($1, $2, 'TCK', 'NSE', 'Energy') RETURNING company_id::text AS id`,
    [compName, isin],
  );
  return (row as { id: string }).id;
}

export async function insertNews(
  suite: SuiteContext,
  companyId: string,
  publishedAt: string,
  newsStatus: 'PENDING' | 'APPROVED' | 'REJECTED' = 'PENDING',
  headline = `Headline ${publishedAt}`,
  tableName = 'news_feed',
): Promise<string> {
  const [row] = await suite.sql<{ id: string }>(
    `INSERT INTO news (source_table, company_id, headline, summary, body, source, url, published_at, news_status)
     VALUES ($1, $2, $3, 'A summary', '<p>Body <script>alert(1)</script></p>', 'PTI', 'https://news.example/1', $4, $5)
     RETURNING news_item_id::text AS id`,
    [tableName, companyId, headline, publishedAt, newsStatus],
  );
  return (row as { id: string }).id;
}
