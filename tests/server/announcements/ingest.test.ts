import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { expect, it } from 'vitest';
import { readUrl } from '../../../server/src/modules/announcements/feed-reader.js';
import { egressPolicy } from '../../../server/src/lib/egress/policy.js';
import { runFeed } from '../../../server/src/modules/announcements/ingest.js';
import { allAreasConfigFile } from '../admin/admin-helper';
import { describeEachDatabase } from '../helper';
import { feedCallers, fixtureCompanies, FIXTURES, FIXTURES_EGRESS, insertFeed, serveFeed } from './feeds-helper';

interface Row {
  id: number;
  source: string;
  source_id: string;
  company_id: number | null;
  isin: string;
  status: string;
  group_id: number | null;
  attachment_blob_id: string | null;
  attachment_error: string | null;
  critical: boolean;
  material: boolean;
  disseminated_at: Date | string;
  feed_run_id: number | null;
}

describeEachDatabase('announcements ingest', (suite) => {
  const rows = (source: string) =>
    suite.sql<Row>(
      `SELECT id::int AS id, source, source_id, company_id::int AS company_id, isin, status, group_id::int AS group_id, attachment_blob_id::text AS attachment_blob_id,
         attachment_error, critical, material, disseminated_at, feed_run_id::int AS feed_run_id
       FROM announcements WHERE source = $1 AND source_id IN (SELECT source_id FROM announcements WHERE feed_run_id IS NOT NULL) ORDER BY id`,
      [source],
    );
  const run = (app: Parameters<typeof runFeed>[0], feedId: number) => runFeed(app, { feedId, trigger: 'manual', createdBy: null });

  it('ingests both exchanges: counts, companies, the duplicate pair, attachments, and nothing twice', async () => {
    const { app } = await feedCallers(suite);
    const companies = await fixtureCompanies(suite);
    const bseFeed = await insertFeed(suite, { source: 'BSE', url: `${FIXTURES}bse.json` });
    const nseFeed = await insertFeed(suite, { source: 'NSE', url: `${FIXTURES}nse.json` });

    const bse = await run(app, bseFeed);
    expect(bse).toMatchObject({ error: null, entries: 5, inserted: 4, known: 0, grouped: 0, unmatched: 1, malformed: 1, attachmentsFailed: 1 });
    expect(bse?.problems).toEqual([{ index: 3, sourceId: 'e6a4b2c9-1d7f-4b8e-9c3a-5f0d2e8b7a14', reason: 'entryBadDate', field: 'DissemDT' }]);
    const [infosys, hdfc, zenlabs, tata] = await rows('BSE');
    expect(infosys).toMatchObject({ company_id: companies.INE009A01021, isin: 'INE009A01021', status: 'needs_review', attachment_error: null, critical: true, material: true, feed_run_id: bse?.runId });
    expect(infosys?.attachment_blob_id).not.toBeNull();
    expect(hdfc).toMatchObject({ company_id: companies.INE040A01034, isin: 'INE040A01034', status: 'needs_review', attachment_blob_id: null });
    expect(zenlabs).toMatchObject({ company_id: null, isin: '', status: 'needs_review', attachment_blob_id: null, attachment_error: 'feedAttachmentNotPdf' });
    expect(tata).toMatchObject({ company_id: companies.INE081A01020 });
    const [blob] = await suite.sql<{ content_type: string; size: number }>('SELECT content_type, size::int AS size FROM blobs WHERE id = $1', [infosys?.attachment_blob_id]);
    expect(blob).toEqual({ content_type: 'application/pdf', size: 642 });

    const nse = await run(app, nseFeed);
    expect(nse).toMatchObject({ error: null, entries: 4, inserted: 3, known: 0, grouped: 1, unmatched: 0, malformed: 1, attachmentsFailed: 0 });
    expect(nse?.problems).toEqual([{ index: 3, sourceId: null, reason: 'entryMissing', field: 'seq_id' }]);
    const nseRows = await rows('NSE');
    const infy = nseRows.find((row) => row.source_id === '103958271');
    // The same disclosure on both exchanges: one group, led by the earlier BSE filing.
    expect(infy).toMatchObject({ company_id: companies.INE009A01021, group_id: infosys?.id, status: 'needs_review' });
    expect(infy?.attachment_blob_id).not.toBeNull();
    expect((await rows('BSE'))[0]?.group_id).toBe(infosys?.id);
    // Same company within the window, another subject: not grouped.
    expect(nseRows.filter((row) => row.source_id !== '103958271').map((row) => row.group_id)).toEqual([null, null]);

    // Re-runs: everything known, nothing inserted, no group changed.
    expect(await run(app, bseFeed)).toMatchObject({ entries: 5, inserted: 0, known: 4, grouped: 0, unmatched: 0, malformed: 1, attachmentsFailed: 0 });
    expect(await run(app, nseFeed)).toMatchObject({ entries: 4, inserted: 0, known: 3, grouped: 0 });
    expect(await rows('BSE')).toHaveLength(4);
    expect(await rows('NSE')).toHaveLength(3);

    const runs = await suite.sql<{ status: string; inserted: number; problems: unknown }>(
      'SELECT status, inserted, problems FROM announcement_feed_runs WHERE feed_id = $1 ORDER BY id',
      [bseFeed],
    );
    expect(runs.map((row) => [row.status, row.inserted])).toEqual([
      ['succeeded', 4],
      ['succeeded', 0],
    ]);
  });

  it('groups a late filing that came first: it leads and the group follows', async () => {
    // Only the Infosys pair, two days on and with fresh ids, NSE first this time: the BSE filing,
    // 2 minutes earlier, comes second and leads.
    const dir = await mkdtemp(`${tmpdir()}/bo-ann-`);
    const { app } = await feedCallers(suite, {}, { ...FIXTURES_EGRESS, EGRESS_FILE_DIR: dir });
    await fixtureCompanies(suite);
    const read = async (name: string) => JSON.parse(await readFile(`tests/fixtures/announcements/${name}`, 'utf8')) as unknown;
    const shift = (entry: unknown) =>
      JSON.parse(JSON.stringify(entry).replaceAll('103958271', '903958271').replaceAll('7c3e1b52', '9c3e1b52').replaceAll('2026-11-20', '2026-11-22').replaceAll('20-Nov-2026', '22-Nov-2026')) as unknown;
    await writeFile(`${dir}/bse.json`, JSON.stringify({ Table: [shift(((await read('bse.json')) as { Table: unknown[] }).Table[0])] }));
    await writeFile(`${dir}/nse.json`, JSON.stringify([shift(((await read('nse.json')) as unknown[])[0])]));
    for (const name of ['infy-results-q2.pdf', 'infy-outcome-nse.pdf']) await copyFile(`tests/fixtures/announcements/${name}`, `${dir}/${name}`);
    const base = `file://${dir}/`;
    const nse = await run(app, await insertFeed(suite, { source: 'NSE', url: `${base}nse.json`, attachmentBase: base }));
    expect(nse).toMatchObject({ inserted: 1, grouped: 0 });
    const bse = await run(app, await insertFeed(suite, { source: 'BSE', url: `${base}bse.json`, attachmentBase: base }));
    expect(bse).toMatchObject({ inserted: 1, grouped: 1 });
    const pair = await suite.sql<{ source: string; id: number; group_id: number }>(
      `SELECT source, id::int AS id, group_id::int AS group_id FROM announcements WHERE source_id IN ('903958271', '9c3e1b52-5d0f-4c1a-9f7e-2a6b8e0d4f11') ORDER BY source`,
    );
    const lead = pair.find((row) => row.source === 'BSE')?.id;
    expect(pair.map((row) => row.group_id)).toEqual([lead, lead]);
  });

  it('fails a run whose feed is not JSON or cannot be read, inserting nothing', async () => {
    const { app } = await feedCallers(suite);
    const before = await suite.sql<{ n: number }>('SELECT count(*)::int AS n FROM announcements');
    const notJson = await run(app, await insertFeed(suite, { url: `${FIXTURES}not-json.json` }));
    expect(notJson).toMatchObject({ error: 'feedNotJson', entries: 0, inserted: 0 });
    // JSON, but not BSE's shape.
    const wrongShape = await run(app, await insertFeed(suite, { source: 'NSE', url: `${FIXTURES}bse.json` }));
    expect(wrongShape).toMatchObject({ error: 'feedNotJson', inserted: 0 });
    const missing = await run(app, await insertFeed(suite, { url: `${FIXTURES}no-such-feed.json` }));
    expect(missing).toMatchObject({ error: 'feedFileUnreadable' });
    expect(await suite.sql<{ n: number }>('SELECT count(*)::int AS n FROM announcements')).toEqual(before);
    const [row] = await suite.sql<{ status: string; error: string; finished: boolean }>(
      'SELECT status, error, finished_at IS NOT NULL AS finished FROM announcement_feed_runs WHERE id = $1',
      [notJson?.runId],
    );
    expect(row).toEqual({ status: 'failed', error: 'feedNotJson', finished: true });
  });

  it('reads a feed and its attachments over HTTP, within a size cap', async () => {
    const { app } = await feedCallers(suite);
    const pdf = await readFile('tests/fixtures/announcements/infy-results-q2.pdf');
    const feed = [{ NEWSID: `http-${suite.kind}-1`, NEWSSUB: 'Over HTTP', DissemDT: '2026-11-21T10:00:00', ATTACHMENTNAME: 'a.pdf' },
      { NEWSID: `http-${suite.kind}-2`, NEWSSUB: 'Local file refused', DissemDT: '2026-11-21T10:00:00', ATTACHMENTNAME: `${FIXTURES}infy-results-q2.pdf` }];
    const server = await serveFeed(feed, { 'a.pdf': pdf });
    try {
      const outcome = await run(app, await insertFeed(suite, { url: `${server.base}/feed.json`, attachmentBase: `${server.base}/files/` }));
      // A feed from the network never makes the server read its own disk.
      expect(outcome).toMatchObject({ error: null, inserted: 2, attachmentsFailed: 1 });
      const stored = await suite.sql<{ source_id: string; stored: boolean; attachment_error: string | null }>(
        `SELECT source_id, attachment_blob_id IS NOT NULL AS stored, attachment_error FROM announcements WHERE source_id LIKE $1 ORDER BY source_id`,
        [`http-${suite.kind}-%`],
      );
      expect(stored).toEqual([
        { source_id: `http-${suite.kind}-1`, stored: true, attachment_error: null },
        { source_id: `http-${suite.kind}-2`, stored: false, attachment_error: 'feedAttachmentRefused' },
      ]);
      const policy = egressPolicy(app.env);
      await expect(readUrl(`${server.base}/files/a.pdf`, policy, { maxBytes: 100 })).rejects.toMatchObject({ name: 'EgressError', failure: 'tooLarge' });
      await expect(readUrl(`${FIXTURES}infy-results-q2.pdf`, policy, { maxBytes: 100 })).rejects.toMatchObject({ failure: 'tooLarge' });
      const gone = await run(app, await insertFeed(suite, { url: `${server.base}/missing.json` }));
      expect(gone?.error).toBe('feedUnreachable');
    } finally {
      server.close();
    }
  });

  it('counts an attachment whose name does not decode (a stray %), never failing the run, so the feed is not held back', async () => {
    const { app } = await feedCallers(suite);
    const pdf = await readFile('tests/fixtures/announcements/infy-results-q2.pdf');
    const id = (n: number) => `percent-${suite.kind}-${n}`;
    const feed = [
      { NEWSID: id(1), NEWSSUB: 'Stake of 100%', DissemDT: '2026-11-21T10:00:00', ATTACHMENTNAME: '100%.pdf' },
      { NEWSID: id(2), NEWSSUB: 'Not served', DissemDT: '2026-11-21T10:00:00', ATTACHMENTNAME: 'bad%zz.pdf' },
    ];
    const server = await serveFeed(feed, { '100%.pdf': pdf });
    try {
      const feedId = await insertFeed(suite, { url: `${server.base}/feed.json`, attachmentBase: `${server.base}/files/` });
      expect(await run(app, feedId)).toMatchObject({ error: null, inserted: 2, attachmentsFailed: 1 });
      const stored = await suite.sql<{ source_id: string; status: string; filename: string | null; attachment_error: string | null }>(
        `SELECT a.source_id, a.status, b.filename, a.attachment_error FROM announcements a LEFT JOIN blobs b ON b.id = a.attachment_blob_id
         WHERE a.source_id LIKE $1 ORDER BY a.source_id`,
        [`percent-${suite.kind}-%`],
      );
      expect(stored).toEqual([
        { source_id: id(1), status: 'needs_review', filename: '100%.pdf', attachment_error: null },
        { source_id: id(2), status: 'needs_review', filename: null, attachment_error: 'feedAttachmentFailed' },
      ]);
      // The next run is not blocked by them.
      expect(await run(app, feedId)).toMatchObject({ error: null, inserted: 0, known: 2, attachmentsFailed: 0 });
    } finally {
      server.close();
    }
  });
});

describeEachDatabase('announcements demo feeds', (suite) => {
  it('creates the demo feeds with demo data, and they ingest the shipped samples', async () => {
    const app = await suite.build({ APP_CONFIG: allAreasConfigFile(), DEMO_DATA: true });
    const feeds = await suite.sql<{ id: number; source: string; url: string }>(`SELECT id::int AS id, source, url FROM announcement_feeds WHERE name LIKE 'Demo %' ORDER BY source`);
    expect(feeds.map((feed) => feed.source)).toEqual(['BSE', 'NSE']);
    expect(feeds[0]?.url).toMatch(/^file:\/\/.*\/server\/demo\/announcements\/bse\.json$/);
    // A second start keeps them (and their URLs) as they are.
    await suite.build({ APP_CONFIG: allAreasConfigFile(), DEMO_DATA: true });
    expect(await suite.sql(`SELECT 1 FROM announcement_feeds WHERE name LIKE 'Demo %'`)).toHaveLength(2);
    const bse = await runFeed(app, { feedId: feeds[0]?.id as number, trigger: 'schedule', createdBy: null });
    expect(bse).toMatchObject({ error: null, inserted: 3, unmatched: 1, malformed: 1, attachmentsFailed: 0 });
    const nse = await runFeed(app, { feedId: feeds[1]?.id as number, trigger: 'schedule', createdBy: null });
    expect(nse).toMatchObject({ error: null, inserted: 3, unmatched: 0, grouped: 1 });
    // A fresh database's demo data (20 000 news) and two starts: slow on PGlite under load.
  }, 120_000);
});
