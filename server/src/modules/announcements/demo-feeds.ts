import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { DEMO_FILES_DIR } from '../../lib/egress/policy.js';

// With DEMO_DATA, two feeds (BSE, NSE) read sample files shipped in server/demo/announcements/,
// so a fresh `npm start` shows ingestion at work. Their file: URLs are this checkout's, set at
// every start; each runs at the first tick after it is created, then every 30 minutes. The
// folder is also what the egress policy lets file: URLs read by default (EGRESS_FILE_DIR).

export const DEMO_FEEDS = [
  { source: 'BSE', name: 'Demo BSE announcements', file: 'bse.json' },
  { source: 'NSE', name: 'Demo NSE announcements', file: 'nse.json' },
] as const;

export async function ensureDemoFeeds(fastify: FastifyInstance): Promise<void> {
  if (!fastify.env.DEMO_DATA) return;
  const base = `${pathToFileURL(DEMO_FILES_DIR).href}/`;
  // Demo rows, not an admin's change: written directly and not audited.
  for (const feed of DEMO_FEEDS) {
    await fastify.db.query(
      `INSERT INTO announcement_feeds (source, name, url, attachment_base, cron, timezone, next_run_at)
       VALUES ($1, $2, $3, $4, '*/30 * * * *', 'Asia/Kolkata', now())
       ON CONFLICT (lower(name)) DO UPDATE SET url = EXCLUDED.url, attachment_base = EXCLUDED.attachment_base
       WHERE announcement_feeds.url <> EXCLUDED.url OR announcement_feeds.attachment_base <> EXCLUDED.attachment_base`,
      [feed.source, feed.name, `${base}${feed.file}`, base],
    );
  }
}
