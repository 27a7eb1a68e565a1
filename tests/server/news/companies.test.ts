import { expect, it, onTestFinished } from 'vitest';
import type { Queryable } from '../../../server/src/db/index';
import { inflatingSheet, manyCells, manyEntries, manyRows, sharedStringsBomb } from '../../fixtures/xlsx-bombs';
import { API, describeEachDatabase } from '../helper';
import {
  EXCEL_API_KEY,
  get,
  insertCompany,
  newsCallers,
  post,
  postMultipart,
  readSheet,
  TEMPLATE_HEADERS,
  testIsin,
  workbook,
} from './news-helper';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describeEachDatabase('companies', (suite) => {
  const upload = (callers: Awaited<ReturnType<typeof newsCallers>>, content: Buffer, filename = 'companies.xlsx') =>
    postMultipart(callers.app, callers.admin, '/upload-companies', { userId: callers.admin.userId }, { field: 'file', filename, content });
  const companyCount = async () => Number((await suite.sql<{ n: string }>('SELECT count(*)::text AS n FROM companies'))[0]?.n);
  const importAudits = async () => Number((await suite.sql<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log WHERE action = 'import'`))[0]?.n);
  const row = (compName: string, isin: string, overrides: Partial<Record<string, unknown>> = {}) => {
    const values: Record<string, unknown> = {
      compName,
      isin,
      ticker: 'TCK',
      exchange: 'NSE',
      sector: 'Energy',
      website: 'www.example.com',
      email: 'ir@example.com',
      phone: '22 5550100',
      address: '1 Main Road',
      isActive: true,
      ...overrides,
    };
    return TEMPLATE_HEADERS.map((header) => values[header]);
  };

  it('lists companies with search, paging and x-total-count', async () => {
    const { app, analyst } = await newsCallers(suite);
    const first = await insertCompany(suite, 'Qwplm Alpha');
    const second = await insertCompany(suite, 'Qwplm Beta');
    const response = await get(app, analyst, '/companies', { q: 'QWPLM', sort: 'compName:desc', pageSize: '1', page: '1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.json()).toEqual([
      expect.objectContaining({ companyId: second, compName: 'Qwplm Beta', ticker: 'TCK', isActive: true, email: '' }),
    ]);
    const page2 = await get(app, analyst, '/companies', { q: 'qwplm', sort: 'compName:desc', pageSize: '1', page: '2' });
    expect(page2.json().map((company: { companyId: string }) => company.companyId)).toEqual([first]);
    const none = await get(app, analyst, '/companies', { q: "'; DROP TABLE companies; --" });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    expect((await get(app, analyst, '/companies', { sort: 'password:asc' })).statusCode).toBe(422);
  });

  it('serves one company for its edit form, 404 when unknown', async () => {
    const { app, admin, analyst } = await newsCallers(suite);
    const isin = testIsin();
    const companyId = await insertCompany(suite, 'Fetch One Co', isin);
    const response = await get(app, admin, `/companies/${companyId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: {
        companyId,
        compName: 'Fetch One Co',
        isin,
        ticker: 'TCK',
        exchange: 'NSE',
        sector: 'Energy',
        website: '',
        email: '',
        phone: '',
        address: '',
        isActive: true,
        version: 1,
      },
    });
    expect((await get(app, analyst, `/companies/${companyId}`)).json()).toEqual(response.json());

    const missing = await get(app, admin, '/companies/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Company not found.' });
    expect((await get(app, admin, '/companies/0')).statusCode).toBe(422);
    expect((await get(app, admin, '/companies/abc')).statusCode).toBe(422);
  });

  it('updates a company under the company rule and audits before and after', async () => {
    const { app, admin } = await newsCallers(suite);
    const companyId = await insertCompany(suite, 'Rule Test Co');
    const response = await post(app, admin, '/update-company', {
      companyId,
      compName: ' Rule Test Company ',
      email: 'contact@ruletest.example',
      website: 'www.ruletest.example',
      isActive: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ companyId, compName: 'Rule Test Company', email: 'contact@ruletest.example', isActive: false, ticker: 'TCK' });
    const [audit] = await suite.sql<{ actor_username: string; before: { compName: string }; after: { compName: string } }>(
      `SELECT actor_username, before, after FROM audit_log WHERE entity = 'company' AND entity_id = $1 AND action = 'update'`,
      [companyId],
    );
    expect(audit).toMatchObject({ actor_username: 'admin', before: { compName: 'Rule Test Co' }, after: { compName: 'Rule Test Company' } });

    const invalid = await post(app, admin, '/update-company', {
      companyId,
      compName: '<b>Bad</b>',
      sector: "Energy'; --",
      email: 'not an email',
      phone: '+91 22',
      isin: '',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      message: "The company could not be updated. Please ensure alphanumeric characters only. For email addresses, '@','.' only.",
      code: 'companyInvalid',
      errors: {
        compName: 'must contain letters, digits and spaces only',
        sector: 'must contain letters, digits and spaces only',
        email: 'must be an email address',
        phone: 'must contain letters, digits and spaces only',
        isin: 'is required',
      },
    });
    const [stored] = await suite.sql<{ comp_name: string }>('SELECT comp_name FROM companies WHERE company_id = $1', [companyId]);
    expect(stored?.comp_name).toBe('Rule Test Company');

    const taken = await insertCompany(suite, 'Other Co');
    const [{ isin }] = (await suite.sql<{ isin: string }>('SELECT isin FROM companies WHERE company_id = $1', [taken])) as [{ isin: string }];
    const clash = await post(app, admin, '/update-company', { companyId, isin });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ isin: 'is used by another company' });
    expect((await post(app, admin, '/update-company', { companyId: '999999999', compName: 'X' })).statusCode).toBe(404);

    // The record carries its version; an edit based on an older one is refused, not applied.
    expect(response.json().result.version).toBe(2);
    const stale = await post(app, admin, '/update-company', { companyId, compName: 'Stale Edit', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleEdit' });
    const current = await post(app, admin, '/update-company', { companyId, compName: 'Fresh Edit', version: 2 });
    expect(current.json().result).toMatchObject({ compName: 'Fresh Edit', version: 3 });
  });

  it('serves the upload template: the header row only, behind x-api-key', async () => {
    const { app, analyst } = await newsCallers(suite);
    const response = await get(app, analyst, '/excel-template', {}, { 'x-api-key': EXCEL_API_KEY });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="companies-template.xlsx"');
    expect(readSheet(response.rawPayload).rows).toEqual([TEMPLATE_HEADERS]);
    const wrong = await get(app, analyst, '/excel-template', {}, { 'x-api-key': 'nope' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: 'The x-api-key header is missing or wrong.' });
  });

  it('uploads companies: inserts new ISINs, updates known ones, audits each change', async () => {
    const callers = await newsCallers(suite);
    const existingIsin = testIsin();
    const existingId = await insertCompany(suite, 'Known Co', existingIsin);
    const [isinA, isinB] = [testIsin(), testIsin()];
    // The template itself is what people fill in.
    const template = readSheet((await get(callers.app, callers.analyst, '/excel-template', {}, { 'x-api-key': EXCEL_API_KEY })).rawPayload).rows;
    const file = workbook([
      ...template,
      row('Upload Alpha', isinA),
      [],
      row('Upload Beta', isinB, { isActive: 'no', phone: 2255501 }),
      row('Known Co Renamed', existingIsin),
    ]);
    const response = await upload(callers, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: { inserted: 2, updated: 1 } });
    const rows = await suite.sql<{ comp_name: string; is_active: boolean; phone: string }>(
      'SELECT comp_name, is_active, phone FROM companies WHERE isin IN ($1, $2, $3) ORDER BY comp_name',
      [isinA, isinB, existingIsin],
    );
    expect(rows).toEqual([
      { comp_name: 'Known Co Renamed', is_active: true, phone: '22 5550100' },
      { comp_name: 'Upload Alpha', is_active: true, phone: '22 5550100' },
      { comp_name: 'Upload Beta', is_active: false, phone: '2255501' },
    ]);
    const audits = await suite.sql<{ entity_id: string; actor_username: string; before: unknown }>(
      `SELECT entity_id, actor_username, before FROM audit_log WHERE action = 'import' AND entity = 'company' AND (entity_id = $1 OR after->>'isin' IN ($2, $3))`,
      [existingId, isinA, isinB],
    );
    expect(audits).toHaveLength(3);
    expect(audits.every((audit) => audit.actor_username === 'admin')).toBe(true);
    expect(audits.find((audit) => audit.entity_id === existingId)?.before).toMatchObject({ compName: 'Known Co' });

    // An import is an edit too: the updated company's version moves on, a stale form cannot overwrite it.
    const [known] = await suite.sql<{ version: number }>('SELECT version FROM companies WHERE company_id = $1', [existingId]);
    expect(known?.version).toBe(2);

    // The same file again changes nothing.
    expect((await upload(callers, file)).json()).toEqual({ result: { inserted: 0, updated: 0 } });
  });

  // Two connections are needed for an edit to run beside an upload: PGlite has one.
  it.skipIf(suite.kind !== 'postgres')('audits as before the edit an upload waited for, skips a row it made equal, inserts an ISIN it moved away [PostgreSQL only: PGlite has one connection, so no edit can run beside an upload]', async () => {
    const callers = await newsCallers(suite);
    const [editedIsin, equalIsin, movedIsin] = [testIsin(), testIsin(), testIsin()];
    const editedId = await insertCompany(suite, 'Waited Co', editedIsin);
    const equalId = await insertCompany(suite, 'Equal Co', equalIsin);
    const movedId = await insertCompany(suite, 'Moved Co', movedIsin);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    onTestFinished(() => release());
    // An edit in its own transaction, not yet committed when the upload reads the companies.
    const edit = callers.app.db.transaction(async (tx) => {
      await tx.query(`UPDATE companies SET comp_name = 'Edited Co' WHERE company_id = $1`, [editedId]);
      await tx.query(
        `UPDATE companies SET comp_name = 'Uploaded Equal', website = 'www.example.com', email = 'ir@example.com', phone = '22 5550100', address = '1 Main Road' WHERE company_id = $1`,
        [equalId],
      );
      await tx.query(`UPDATE companies SET isin = $2 WHERE company_id = $1`, [movedId, testIsin()]);
      holding();
      await gate;
    });
    await held;
    const uploading = upload(callers, workbook([TEMPLATE_HEADERS, row('Uploaded Co', editedIsin), row('Uploaded Equal', equalIsin), row('Uploaded Moved', movedIsin)]));
    // Until the upload waits for the edit's row locks.
    const waiting = async () =>
      (
        await suite.sql(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%company_upload%'`,
        )
      ).length > 0;
    while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await edit;

    const response = await uploading;
    expect(response.json()).toEqual({ result: { inserted: 1, updated: 1 } });
    const [moved] = await suite.sql<{ comp_name: string; company_id: string }>('SELECT comp_name, company_id::text FROM companies WHERE isin = $1', [movedIsin]);
    expect(moved?.comp_name).toBe('Uploaded Moved');
    expect(moved?.company_id).not.toBe(movedId);
    const audits = await suite.sql<{ entity_id: string; before: { compName: string }; after: { compName: string } }>(
      `SELECT entity_id, before, after FROM audit_log WHERE action = 'import' AND entity_id IN ($1, $2, $3)`,
      [editedId, equalId, movedId],
    );
    expect(audits).toEqual([{ entity_id: editedId, before: expect.objectContaining({ compName: 'Edited Co' }), after: expect.objectContaining({ compName: 'Uploaded Co' }) }]);
    const versions = await suite.sql<{ company_id: string; version: number }>('SELECT company_id::text, version FROM companies WHERE company_id IN ($1, $2) ORDER BY company_id', [
      editedId,
      equalId,
    ]);
    expect(versions).toEqual([
      { company_id: editedId, version: 3 },
      { company_id: equalId, version: 2 },
    ]);
  });

  it('answers /health while an import holds the database', async () => {
    const callers = await newsCallers(suite);
    const { db } = callers.app;
    const original = db.transaction;
    const transaction = original.bind(db);
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    onTestFinished(() => {
      release();
      db.transaction = original;
    });
    // The import's transaction stays open until /health has answered; PGlite has one connection.
    db.transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
      transaction(async (tx) => {
        entered();
        await gate;
        return fn(tx);
      });
    const uploading = upload(callers, workbook([TEMPLATE_HEADERS, row('Held Open Co', testIsin())]));
    await inside;
    const health = await callers.app.inject({ method: 'GET', url: `${API}/health` });
    expect(health.statusCode).toBe(200);
    release();
    expect((await uploading).json()).toEqual({ result: { inserted: 1, updated: 0 } });
  });

  it('refuses a file with one bad row: 422 with row and field, nothing written', async () => {
    const callers = await newsCallers(suite);
    const [before, auditsBefore] = [await companyCount(), await importAudits()];
    const dup = testIsin();
    const file = workbook([
      TEMPLATE_HEADERS,
      row('Good One', testIsin()),
      row('Bad <b>One</b>', testIsin(), { email: 'x@y' }),
      row('Good Two', dup),
      row('Dup', dup),
    ]);
    const response = await upload(callers, file);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Some rows are not valid (3 problems); nothing was imported.',
      code: 'uploadRows',
      params: { count: 3 },
      errors: [
        { row: 3, field: 'compName', reason: 'must contain letters, digits and spaces only', code: 'letters' },
        { row: 3, field: 'email', reason: 'must be an email address', code: 'email' },
        { row: 5, field: 'isin', reason: 'repeats the ISIN of row 4', code: 'duplicateIsin', params: { row: 4 } },
      ],
    });
    expect(await companyCount()).toBe(before);
    expect(await importAudits()).toBe(auditsBefore);
  });

  it('refuses bad files with a clear message and writes nothing', async () => {
    const callers = await newsCallers(suite);
    const before = await companyCount();

    const renamed = await upload(callers, Buffer.from('compName,isin\nAcme,IN0000000001\n'), 'companies.xlsx');
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toMatchObject({ message: 'The file is not an .xlsx workbook.' });

    const zipNotXlsx = await upload(callers, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 1)]));
    expect(zipNotXlsx.statusCode).toBe(422);
    expect(zipNotXlsx.json()).toEqual({ message: 'The file is not a readable .xlsx workbook.', code: 'uploadUnreadable', reason: 'unreadable' });

    const empty = await upload(callers, workbook([]));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toMatch(/^The sheet is empty/);
    expect(empty.json().reason).toBe('emptySheet');
    const headersOnly = await upload(callers, workbook([TEMPLATE_HEADERS]));
    expect(headersOnly.statusCode).toBe(422);
    expect(headersOnly.json().message).toMatch(/^The sheet is empty/);

    const wrongHeaders = await upload(callers, workbook([['Company Name', ...TEMPLATE_HEADERS.slice(1, 9)], ['Acme', testIsin()]]));
    expect(wrongHeaders.statusCode).toBe(422);
    expect(wrongHeaders.json()).toMatchObject({
      code: 'uploadHeaders',
      reason: 'wrongHeaders',
      message: expect.stringContaining('The header row must be exactly: compName,'),
    });
    expect(wrongHeaders.json().errors).toEqual([
      { row: 1, field: 'compName', reason: 'header is missing', code: 'headerMissing' },
      { row: 1, field: 'isActive', reason: 'header is missing', code: 'headerMissing' },
      { row: 1, field: 'Company Name', reason: 'header is not expected', code: 'headerUnexpected' },
    ]);

    const formula = await upload(callers, workbook([TEMPLATE_HEADERS, row('Formula Co', testIsin())], { A2: { t: 's', v: 'Formula Co', f: 'CONCATENATE("Formula"," Co")' } }));
    expect(formula.statusCode).toBe(422);
    expect(formula.json().errors).toEqual([{ row: 2, field: 'compName', reason: 'must be a value, not a formula', code: 'formula' }]);
    // isActive too: such a row is refused, not left out of an otherwise accepted file.
    const activeFormula = await upload(callers, workbook([TEMPLATE_HEADERS, row('Formula Active Co', testIsin())], { J2: { t: 'b', v: true, f: 'TRUE()' } }));
    expect(activeFormula.statusCode).toBe(422);
    expect(activeFormula.json().errors).toEqual([{ row: 2, field: 'isActive', reason: 'must be a value, not a formula', code: 'formula' }]);

    const html = await upload(callers, workbook([TEMPLATE_HEADERS, row('<img src=x onerror=alert(1)>', testIsin()), row('=1+2', testIsin())]));
    expect(html.statusCode).toBe(422);
    expect(html.json().errors).toEqual([
      { row: 2, field: 'compName', reason: 'must contain letters, digits and spaces only', code: 'letters' },
      { row: 3, field: 'compName', reason: 'must contain letters, digits and spaces only', code: 'letters' },
    ]);

    const huge = await upload(callers, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(10 * 1024 * 1024 + 10)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ message: 'The file is larger than 10 MB.' });

    const noFile = await postMultipart(callers.app, callers.admin, '/upload-companies', { userId: callers.admin.userId });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors).toEqual({ file: 'is required' });

    expect(await companyCount()).toBe(before);
  });

  it('refuses zip bombs unread: 413 when too large inflated, 422 for too many parts, texts, rows or cells', async () => {
    const callers = await newsCallers(suite);
    const [before, auditsBefore] = [await companyCount(), await importAudits()];
    const toTemplate = "upload at most 50000 companies in the template's columns";
    const cases: Array<[string, Buffer, number, object]> = [
      // The file: 30 million shared strings in a 1 MB zip.
      ['30 M shared strings', sharedStringsBomb(30_000_000), 422, { reason: 'tooManyStrings', message: `The workbook holds more than 1100000 texts; ${toTemplate}.` }],
      ['400 MiB sheet', inflatingSheet(400), 413, { reason: 'inflatedTooLarge', message: `The workbook unpacks to more than 140 MB (or 100 MB in one part); ${toTemplate}.` }],
      ['2 000 parts', manyEntries(2_000), 422, { reason: 'tooManyEntries', message: "The workbook holds more than 1000 parts; upload the template's sheet on its own." }],
      ['2 M cells', manyCells(2_000_000), 422, { reason: 'tooManyCells', message: `The workbook holds more than 1100000 cells; ${toTemplate}.` }],
      ['200 001 rows', manyRows(200_001), 422, { reason: 'tooManyRows', message: 'The sheet has more than 50000 companies; split it into several files.' }],
    ];
    for (const [name, file, status, body] of cases) {
      expect(file.length, name).toBeLessThan(1024 * 1024);
      const response = await upload(callers, file);
      expect([name, response.statusCode, response.json()]).toEqual([name, status, expect.objectContaining(body)]);
    }
    expect(await companyCount()).toBe(before);
    expect(await importAudits()).toBe(auditsBefore);
    // The server still answers, and a real file still goes through.
    const isin = testIsin();
    const good = await upload(callers, workbook([TEMPLATE_HEADERS, row('After Bombs Co', isin)]));
    expect(good.json()).toEqual({ result: { inserted: 1, updated: 0 } });
  });

  it("two zip bombs at once do not hold up another user's template download", async () => {
    const { app, admin, superAdmin, analyst } = await newsCallers(suite);
    const bomb = sharedStringsBomb(30_000_000);
    const send = (session: typeof admin) =>
      postMultipart(app, session, '/upload-companies', { userId: session.userId }, { field: 'file', filename: 'bomb.xlsx', content: bomb });
    const [first, second, template] = await Promise.all([
      send(admin),
      send(superAdmin),
      get(app, analyst, '/excel-template', {}, { 'x-api-key': EXCEL_API_KEY }),
    ]);
    expect(template.statusCode).toBe(200);
    expect(readSheet(template.rawPayload).rows).toEqual([TEMPLATE_HEADERS]);
    expect([first.statusCode, first.json().reason, second.statusCode, second.json().reason]).toEqual([422, 'tooManyStrings', 422, 'tooManyStrings']);
  });

  it('refuses more rows than the limit', async () => {
    const callers = await newsCallers(suite);
    const before = await companyCount();
    const rows = Array.from({ length: 50_001 }, (_, index) => row(`Bulk ${index}`, `ZZ${String(index).padStart(9, '0')}0`));
    const response = await upload(callers, workbook([TEMPLATE_HEADERS, ...rows]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The sheet has more than 50000 companies; split it into several files.',
      code: 'uploadTooManyRows',
      params: { max: 50000 },
      reason: 'tooManyRows',
    });
    expect(await companyCount()).toBe(before);
  }, 60_000);
});
