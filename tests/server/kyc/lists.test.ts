import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueName } from '../helper';
import { plainImage } from './kyc-fixtures';
import { createSubject, expectNoAadhaar, kycCall, kycCallers, newAadhaar, subjectInput, type Document, type Subject } from './kyc-helper';

/** A surname no other test uses: the lists are filtered down to this test's own subjects. */
const surname = () => uniqueName('Zq').replace(/[^A-Za-z]/g, 'x');

describeEachDatabase('KYC lists', (suite) => {
  it('lists subjects a page at a time, by name, PAN, full Aadhaar number, status and assignee', async () => {
    const { app, maker, checker } = await kycCallers(suite);
    const family = surname();
    const numbers = [newAadhaar(), newAadhaar(), newAadhaar()];
    const subjects: Subject[] = [];
    for (const [index, number] of numbers.entries()) {
      subjects.push(await createSubject(app, maker, subjectInput({ name: `Person${index} ${family}`, aadhaar: number }), [{ field: 'picture', filename: 'p.png', content: await plainImage('png') }]));
    }
    const claimed = await kycCall(app, checker, 'POST', `/subjects/${subjects[1]?.id}/claim`, { version: subjects[1]?.version });
    expect(claimed.statusCode).toBe(200);

    const page = await kycCall(app, checker, 'GET', `/subjects?q=${family.toLowerCase()}&pageSize=2&sort=name:asc`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json<Subject[]>().map((subject) => subject.name)).toEqual([`Person0 ${family}`, `Person1 ${family}`]);
    expect(page.json<Subject[]>()[0]).not.toHaveProperty('documents');
    const second = await kycCall(app, checker, 'GET', `/subjects?q=${family}&pageSize=2&page=2&sort=name:asc`);
    expect(second.json<Subject[]>().map((subject) => subject.name)).toEqual([`Person2 ${family}`]);
    const past = await kycCall(app, checker, 'GET', `/subjects?q=${family}&pageSize=2&page=5`);
    expect([past.json(), past.headers['x-total-count']]).toEqual([[], '3']);

    const byPan = await kycCall(app, checker, 'GET', `/subjects?q=${String(subjects[2]?.pan).slice(0, 7).toLowerCase()}`);
    expect(byPan.json<Subject[]>().map((subject) => subject.id)).toContain(subjects[2]?.id);
    const spaced = `${numbers[0]?.slice(0, 4)} ${numbers[0]?.slice(4, 8)} ${numbers[0]?.slice(8)}`;
    const byAadhaar = await kycCall(app, checker, 'GET', `/subjects?q=${encodeURIComponent(spaced)}`);
    expect(byAadhaar.json<Subject[]>().map((subject) => subject.id)).toEqual([subjects[0]?.id]);
    expectNoAadhaar(byAadhaar.body, numbers);
    const unknown = await kycCall(app, checker, 'GET', `/subjects?q=${newAadhaar()}`);
    expect([unknown.json(), unknown.headers['x-total-count']]).toEqual([[], '0']);

    const mine = await kycCall(app, checker, 'GET', `/subjects?q=${family}&assignee=me`);
    expect(mine.json<Subject[]>().map((subject) => subject.id)).toEqual([subjects[1]?.id]);
    const byId = await kycCall(app, maker, 'GET', `/subjects?q=${family}&assignee=${checker.id}&status=pending,approved`);
    expect(byId.json<Subject[]>().map((subject) => subject.id)).toEqual([subjects[1]?.id]);
    const fresh = await kycCall(app, maker, 'GET', `/subjects?q=${family}&status=new&sort=updatedAt:asc`);
    expect(fresh.json<Subject[]>().map((subject) => subject.id)).toEqual([subjects[0]?.id, subjects[2]?.id]);
    const badSort = await kycCall(app, maker, 'GET', '/subjects?sort=pan:asc');
    expect(badSort.statusCode).toBe(422);
  });

  it('lists documents with their filters and sorts, the total in x-total-count', async () => {
    const { app, maker, checker } = await kycCallers(suite);
    const family = surname();
    const image = await plainImage('png');
    const first = await createSubject(app, maker, subjectInput({ name: `Bea ${family}` }), [
      { field: 'picture', filename: 'p.png', content: image },
      { field: 'pan_card', filename: 'pan.png', content: image },
    ]);
    const second = await createSubject(app, checker, subjectInput({ name: `Abe ${family}` }), [{ field: 'picture', filename: 'p.png', content: image }]);
    await kycCall(app, checker, 'POST', `/subjects/${first.id}/claim`, { version: first.version });

    const all = await kycCall(app, checker, 'GET', `/documents?q=${family}`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    const documents = all.json<Document[]>();
    // Newest first by default: the claim changed the first subject's documents after the second upload.
    expect(documents.map((document) => document.subjectId)).toEqual([first.id, first.id, second.id]);
    expect(documents[0]).not.toHaveProperty('files');
    expect(documents.every((document) => document.file?.seq === 1)).toBe(true);

    const ids = (answer: { json: <T>() => T }) => answer.json<Document[]>().map((document) => document.id).sort((a, b) => a - b);
    const firstDocs = (first.documents ?? []).map((document) => document.id).sort((a, b) => a - b);
    expect(ids(await kycCall(app, checker, 'GET', `/documents?q=${family}&assignee=me`))).toEqual(firstDocs);
    expect(ids(await kycCall(app, checker, 'GET', `/documents?q=${family}&status=pending`))).toEqual(firstDocs);
    expect(ids(await kycCall(app, checker, 'GET', `/documents?q=${family}&status=new`))).toEqual([second.documents?.[0]?.id]);
    expect(ids(await kycCall(app, checker, 'GET', `/documents?q=${family}&uploadedBy=${checker.id}`))).toEqual([second.documents?.[0]?.id]);
    expect((await kycCall(app, checker, 'GET', `/documents?q=${family}&type=pan_card,signature`)).json<Document[]>().map((document) => document.type)).toEqual(['pan_card']);
    const byName = await kycCall(app, checker, 'GET', `/documents?q=${family}&sort=subjectName:asc,type:desc`);
    expect(byName.json<Document[]>().map((document) => `${document.subjectName.split(' ')[0]} ${document.type}`)).toEqual(['Abe picture', 'Bea picture', 'Bea pan_card']);
    const byPan = await kycCall(app, checker, 'GET', `/documents?q=${String(first.pan).toLowerCase()}`);
    expect(byPan.headers['x-total-count']).toBe('2');

    const today = new Date().toISOString().slice(0, 10);
    expect((await kycCall(app, checker, 'GET', `/documents?q=${family}&from=${today}&to=${today}`)).headers['x-total-count']).toBe('3');
    expect((await kycCall(app, checker, 'GET', `/documents?q=${family}&from=2999-01-01`)).headers['x-total-count']).toBe('0');
    expect((await kycCall(app, checker, 'GET', `/documents?q=${family}&to=2000-01-01`)).headers['x-total-count']).toBe('0');
    const paged = await kycCall(app, checker, 'GET', `/documents?q=${family}&pageSize=1&page=3&sort=updatedAt:desc`);
    expect([paged.json<Document[]>().length, paged.headers['x-total-count']]).toEqual([1, '3']);
    expect((await kycCall(app, checker, 'GET', '/documents?status=lost')).statusCode).toBe(422);
  });

  it('counts from the counters exactly what a count of the documents gives', async () => {
    const { app, maker, checker } = await kycCallers(suite);
    await suite.sql(`UPDATE kyc_settings SET scan_policy = 'off'`);
    const image = await plainImage('png');
    const subject = await createSubject(app, maker, subjectInput(), [
      { field: 'picture', filename: 'p.png', content: image },
      { field: 'signature', filename: 's.png', content: image },
    ]);
    const claimed = (await kycCall(app, checker, 'POST', `/subjects/${subject.id}/claim`, { version: subject.version })).json<Subject>();
    const picture = claimed.documents?.find((document) => document.type === 'picture') as Document;
    expect((await kycCall(app, checker, 'POST', `/documents/${picture.id}/decision`, { decision: 'approve', version: picture.version })).statusCode).toBe(200);
    // A change made by any writer (here plain SQL) moves the counters in the same transaction.
    await suite.sql(`UPDATE kyc_documents SET status = 'revision' WHERE id = (SELECT min(id) FROM kyc_documents)`);

    const today = new Date().toISOString().slice(0, 10);
    const cases: Array<[string, string, unknown[]]> = [
      ['', 'true', []],
      ['status=pending', 'status = $1', ['pending']],
      ['type=picture', 'type = $1', ['picture']],
      ['status=new,approved&type=picture,signature', "status IN ('new', 'approved') AND type IN ('picture', 'signature')", []],
      [`from=${today}`, `updated_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'`, [today]],
      [`to=${today}&status=revision`, `updated_at < ($1::date + 1)::timestamp AT TIME ZONE 'UTC' AND status = 'revision'`, [today]],
      ['to=2000-01-01', 'false', []],
    ];
    for (const [query, where, params] of cases) {
      const [row] = await suite.sql<{ n: string }>(`SELECT count(*) AS n FROM kyc_documents WHERE ${where}`, params);
      const response = await kycCall(app, checker, 'GET', `/documents?${query}`);
      expect(response.headers['x-total-count'], query).toBe(String(row?.n));
    }
    expect(Number((await kycCall(app, checker, 'GET', '/documents')).headers['x-total-count'])).toBeGreaterThan(0);
  });

  it('keeps a searched Aadhaar number out of the log', async () => {
    const lines: string[] = [];
    const { app, checker } = await kycCallers(suite, {}, { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
    const number = newAadhaar();
    for (const q of [number, `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`, `${number.slice(0, 4)}-${number.slice(4, 8)}-${number.slice(8)}`]) {
      const response = await kycCall(app, checker, 'GET', `/subjects?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const plus = await kycCall(app, checker, 'GET', `/subjects?q=${q.replace(/ /g, '+')}`);
      expect(plus.statusCode).toBe(200);
    }
    const log = lines.join('\n');
    expect(log).toContain('/subjects?q=[redacted]');
    expectNoAadhaar(log, [number]);
    expect(log).not.toContain(number.slice(4, 8) + '%20' + number.slice(8));
  });
});
