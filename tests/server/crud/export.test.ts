import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { checkRowLimit } from '../../../server/src/lib/export/export-http';
import { callers } from '../admin/admin-helper';
import { API, describeEachDatabase, sealed, type Session } from '../helper';
import { readWithOpenpyxl } from '../../fixtures/openpyxl';

// `POST {endpoint}/export` of the generic module: the filtered set (the list's own query) and
// the selection, as .xlsx read back by openpyxl (typed cells, the reader's headers) and as
// CSV, the same rows in the same order as the list; unknown columns and roles refused.

const COMPANIES = `${API}/be-api-management/news/companies`;
const ENTERPRISES = `${API}/be-api-management/admin/enterprises`;

interface Company {
  companyId: string;
  compName: string;
  isActive: boolean;
  sector: string;
}

/** `count` companies named `tag n`, every third inactive; their ISINs unique to this call. */
async function seedCompanies(suite: { sql: (query: string, params?: unknown[]) => Promise<unknown[]> }, tag: string, count: number): Promise<void> {
  const prefix = randomBytes(3).toString('hex').toUpperCase().replace(/[^A-Z0-9]/g, '0');
  await suite.sql(
    `INSERT INTO companies (comp_name, isin, sector, is_active)
     SELECT $1 || ' ' || g, 'XE' || $2 || lpad(g::text, 3, '0') || '0', CASE WHEN g % 2 = 0 THEN 'Energy' ELSE 'Banks' END, g % 3 <> 0
     FROM generate_series(1, $3::int) AS g`,
    [tag, prefix, count],
  );
}

function exportCall(app: FastifyInstance, session: Session, url: string, body: object) {
  return sealed(app, session, { method: 'POST', url: `${url}/export`, payload: body });
}

it('refuses an export past the row limit before any byte (422 exportTooLarge)', () => {
  expect(() => checkRowLimit(1_000_000)).not.toThrow();
  expect(() => checkRowLimit(1_000_001)).toThrow(expect.objectContaining({ statusCode: 422, code: 'exportTooLarge' }));
});

describeEachDatabase('generic export', (suite) => {
  it('exports the filtered set as .xlsx with typed cells and the given headers, in the list order', async () => {
    const { app, analyst } = await callers(suite);
    const tag = `Exportco ${randomBytes(2).toString('hex')}`;
    await seedCompanies(suite, tag, 25);
    const query = { q: tag.toLowerCase(), isActive: true, sort: 'compName:desc' };
    const list = await sealed(app, analyst, { method: 'GET', url: COMPANIES, query: { ...query, isActive: 'true', pageSize: '200' } });
    expect(list.statusCode).toBe(200);
    const expected = list.json<Company[]>();
    expect(expected.length).toBe(17);

    const response = await exportCall(app, analyst, COMPANIES, {
      format: 'xlsx',
      columns: [
        { field: 'companyId', label: 'Id de empresa' },
        { field: 'compName', label: 'Nombre' },
        { field: 'isActive', label: 'Activa' },
        { field: 'sector', label: 'Sector' },
      ],
      query,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="companies-\d{8}-\d{4}\.xlsx"$/);
    expect(typeof response.headers['rc-key']).toBe('string');

    const book = readWithOpenpyxl(response.rawPayload);
    expect(book.sheet).toBe('companies');
    expect(book.frozen).toBe('A2');
    expect(book.bold).toEqual([true, true, true, true]);
    expect(book.widths.A).toBeGreaterThan(10);
    const [header, ...rows] = book.rows;
    expect(header?.map((cell) => cell.value)).toEqual(['Id de empresa', 'Nombre', 'Activa', 'Sector']);
    expect(rows.map((row) => row.map((cell) => cell.type))).toEqual(expected.map(() => ['int', 'str', 'bool', 'str']));
    expect(rows.map((row) => row.map((cell) => cell.value))).toEqual(expected.map((company) => [Number(company.companyId), company.compName, true, company.sector]));
  });

  it('exports the selection only (ids), in the list order, as CSV', async () => {
    const { app, analyst } = await callers(suite);
    const tag = `Exportsel ${randomBytes(2).toString('hex')}`;
    await seedCompanies(suite, tag, 6);
    const all = (await sealed(app, analyst, { method: 'GET', url: COMPANIES, query: { q: tag.toLowerCase(), sort: 'compName:asc' } })).json<Company[]>();
    const chosen = [all[4], all[1], all[2]] as Company[];
    const response = await exportCall(app, analyst, COMPANIES, {
      format: 'csv',
      columns: [
        { field: 'compName', label: 'Name, full' },
        { field: 'companyId', label: 'Id' },
        { field: 'isActive', label: 'Active' },
      ],
      query: { sort: 'compName:asc' },
      ids: chosen.map((company) => company.companyId),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="companies-\d{8}-\d{4}\.csv"/);
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const inOrder = [all[1], all[2], all[4]] as Company[];
    expect(text.slice(1)).toBe(
      `"Name, full",Id,Active\r\n${inOrder.map((company) => `${company.compName},${company.companyId},${company.isActive ? 'TRUE' : 'FALSE'}`).join('\r\n')}\r\n`,
    );
  });

  it('writes date-times as dates openpyxl reads as datetime, in the time zone asked for', async () => {
    const { app, superAdmin } = await callers(suite);
    const name = `Export ent ${randomBytes(3).toString('hex')}`;
    await suite.sql(`INSERT INTO enterprises (name, mail_domain, is_bank, updated_at) VALUES ($1, 'exportent.example', true, '2026-03-04T05:06:07Z')`, [name]);
    const response = await exportCall(app, superAdmin, ENTERPRISES, {
      format: 'xlsx',
      columns: [
        { field: 'id', label: 'Id' },
        { field: 'name', label: 'Name' },
        { field: 'isBank', label: 'Bank' },
        { field: 'userCount', label: 'Users' },
        { field: 'updatedAt', label: 'Updated' },
      ],
      query: { q: name.toLowerCase() },
      timeZone: 'Asia/Kolkata',
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const [, row] = readWithOpenpyxl(response.rawPayload).rows;
    expect(row?.map((cell) => cell.type)).toEqual(['int', 'str', 'bool', 'int', 'datetime']);
    // 05:06:07 UTC is 10:36:07 in India.
    expect(row?.[4]?.value).toBe('2026-03-04T10:36:07');
  });

  it('refuses unknown columns and time zones (422), and the roles the list refuses (403)', async () => {
    const { app, superAdmin, analyst } = await callers(suite);
    const unknown = await exportCall(app, superAdmin, COMPANIES, {
      format: 'xlsx',
      columns: [
        { field: 'compName', label: 'Name' },
        { field: 'password', label: 'x' },
      ],
      timeZone: 'Mars/Olympus',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ reasons: Record<string, { code: string }> }>().reasons).toMatchObject({
      'columns.1.field': { code: 'exportColumn' },
      timeZone: { code: 'timeZone' },
    });
    const badFormat = await exportCall(app, superAdmin, COMPANIES, { format: 'pdf', columns: [{ field: 'compName', label: 'Name' }] });
    expect(badFormat.statusCode).toBe(422);
    const refused = await exportCall(app, analyst, ENTERPRISES, { format: 'csv', columns: [{ field: 'name', label: 'Name' }] });
    expect(refused.statusCode).toBe(403);
  });
});
