import type { Queryable } from '../../db/index.js';

// Demo and benchmark data, generated inside the database (generate_series) so a
// million rows take seconds, not a round trip per row. Deterministic per row number.

const PREFIXES = ['Alpha', 'Bharat', 'Crest', 'Delta', 'Everest', 'Falcon', 'Ganga', 'Horizon', 'Indus', 'Jupiter', 'Kaveri', 'Lotus', 'Meridian', 'Nova', 'Orion', 'Pioneer', 'Quantum', 'Radiant', 'Summit', 'Trident', 'Unity', 'Vertex', 'Western', 'Zenith'];
const SUFFIXES = ['Industries', 'Holdings', 'Motors', 'Textiles', 'Pharma', 'Finance', 'Power', 'Steel', 'Foods', 'Logistics', 'Infotech', 'Cement', 'Chemicals', 'Realty', 'Telecom', 'Energy', 'Bank', 'Insurance', 'Media', 'Retail', 'Airlines'];
const SECTORS = ['Financials', 'Industrials', 'Energy', 'Materials', 'Health Care', 'Consumer Staples', 'Information Technology', 'Utilities', 'Real Estate', 'Communication Services'];
const EXCHANGES = ['NSE', 'BSE'];
const TOPICS = ['reports quarterly results', 'announces dividend', 'wins new contract', 'board approves buyback', 'appoints new chief executive', 'expands into new markets', 'faces regulatory review', 'completes acquisition', 'launches new product line', 'revises annual guidance'];
const SOURCES = ['Reuters', 'PTI', 'Business Standard', 'Economic Times', 'Mint', 'Bloomberg'];

const arr = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;
/** SQL for one of `values`, chosen by the integer `expression` (deterministic per row). */
export const pick = (values: readonly string[], expression: string) => `(${arr(values)})[1 + (${expression}) % ${values.length}]`;

/** Companies number `from`..`to` (ISIN INDEMO + 6 digits); existing ISINs are left alone. */
export async function insertDemoCompanies(q: Queryable, from: number, to: number): Promise<void> {
  await q.query(
    `INSERT INTO companies (comp_name, isin, ticker, exchange, sector, website, email, phone, address)
     SELECT ${pick(PREFIXES, 'g')} || ' ' || ${pick(SUFFIXES, 'g / 24')} || CASE WHEN g > 504 THEN ' ' || g ELSE '' END,
            'INDEMO' || lpad(g::text, 6, '0'),
            upper(left(${pick(PREFIXES, 'g')}, 3)) || upper(left(${pick(SUFFIXES, 'g / 24')}, 2)) || g,
            ${pick(EXCHANGES, 'g')},
            ${pick(SECTORS, 'g / 7')},
            'www.company' || g || '.example',
            'ir@company' || g || '.example',
            '22 ' || lpad(((g * 7919) % 100000000)::text, 8, '0'),
            g || ' Market Road Mumbai'
     FROM generate_series($1::int, $2::int) AS g
     ON CONFLICT (isin) DO NOTHING`,
    [from, to],
  );
}

/**
 * News rows number `from`..`to`, spread over every company, the last 365 days and the three
 * statuses (about 40 % pending, 45 % approved, 15 % rejected).
 */
export async function insertDemoNews(q: Queryable, from: number, to: number): Promise<void> {
  await q.query(
    `WITH ids AS (SELECT array_agg(company_id ORDER BY company_id) AS ids FROM companies)
     INSERT INTO news (source_table, company_id, headline, summary, body, source, url, published_at, news_status, updated_at, updated_by)
     SELECT CASE WHEN g % 4 = 0 THEN 'news_wire' ELSE 'news_feed' END,
            ids[1 + (g * 7919) % cardinality(ids)],
            headline,
            'Item ' || g || ': ' || headline || '.',
            '<p>' || headline || '.</p><p>Details of item ' || g || ' as published by the source.</p>',
            ${pick(SOURCES, 'g / 3')},
            'https://news.example/items/' || g,
            published,
            status,
            CASE WHEN status = 'PENDING' THEN published ELSE published + interval '2 hours' END,
            CASE WHEN status = 'PENDING' THEN NULL ELSE 'admin' END
     FROM ids, generate_series($1::bigint, $2::bigint) AS g,
          LATERAL (SELECT ${pick(PREFIXES, 'g * 31')} || ' ' || ${pick(SUFFIXES, 'g * 17')} || ' ' || ${pick(TOPICS, 'g / 5')} AS headline,
                          date_trunc('second', now()) - ((g * 104729) % 31536000) * interval '1 second' AS published,
                          CASE WHEN (g * 13) % 20 < 8 THEN 'PENDING' WHEN (g * 13) % 20 < 17 THEN 'APPROVED' ELSE 'REJECTED' END AS status) AS row`,
    [from, to],
  );
}

/**
 * Tops the news table up to `total` items (companies first, if there are fewer than `companies`),
 * in batches, then refreshes the planner's statistics. Rerunning with the same figures adds nothing.
 */
export async function seedNews(
  db: Queryable,
  options: { total: number; companies?: number; batch?: number; onProgress?: (done: number, total: number) => void },
): Promise<{ added: number }> {
  const companies = options.companies ?? 1000;
  const batch = options.batch ?? 100_000;
  await insertDemoCompanies(db, 1, companies);
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM news');
  const start = Number(rows[0]?.n ?? 0);
  for (let from = start + 1; from <= options.total; from += batch) {
    const to = Math.min(options.total, from + batch - 1);
    await insertDemoNews(db, from, to);
    options.onProgress?.(to, options.total);
  }
  // Fresh statistics and visibility map: the planner picks the indexes, counts scan only the index.
  // One statement per call: VACUUM cannot run in the implicit transaction of a multi-statement query.
  for (const table of ['news', 'companies', 'news_day_counts', 'news_company_counts']) await db.exec(`VACUUM ANALYZE ${table}`);
  return { added: Math.max(0, options.total - start) };
}
