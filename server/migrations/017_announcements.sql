-- Announcements (issue 13, docs/announcements.md): exchange disclosures ingested from BSE and
-- NSE feeds (or written by hand), reviewed and published into the firm's feed; staff notices
-- for the dashboard. Types: src/resources/announcements-model.ts.

-- A feed: where an exchange's announcement JSON is read from (http(s) or, for fixtures and
-- air-gapped set-ups, file:) and when.
CREATE TABLE announcement_feeds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('BSE', 'NSE')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  -- BSE names attachments by file name only: this is the URL they are under (NSE gives whole URLs).
  attachment_base text NOT NULL DEFAULT '' CHECK (length(attachment_base) <= 2000),
  cron text NOT NULL DEFAULT '*/2 * * * *' CHECK (length(cron) BETWEEN 1 AND 100),
  timezone text NOT NULL DEFAULT 'Asia/Kolkata' CHECK (length(timezone) BETWEEN 1 AND 60),
  enabled boolean NOT NULL DEFAULT true,
  last_run_at timestamptz,
  next_run_at timestamptz,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX announcement_feeds_name_key ON announcement_feeds (lower(name));
CREATE INDEX announcement_feeds_due ON announcement_feeds (next_run_at) WHERE enabled;
-- The scheduler's own writes (next_run_at, last_run_at) are no edit: they leave `version` alone,
-- so an Admin editing a feed is not told it changed each time the tick moves it on.
CREATE TRIGGER announcement_feeds_touch BEFORE UPDATE ON announcement_feeds FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'next_run_at' - 'last_run_at') IS DISTINCT FROM (to_jsonb(NEW) - 'next_run_at' - 'last_run_at'))
  EXECUTE FUNCTION touch_row();

-- One run of a feed: what it read and what became of each entry. A malformed entry is counted
-- and described in `problems`; it never stops the run nor half-inserts.
CREATE TABLE announcement_feed_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  feed_id bigint REFERENCES announcement_feeds (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('BSE', 'NSE')),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  entries integer NOT NULL DEFAULT 0,
  inserted integer NOT NULL DEFAULT 0,
  known integer NOT NULL DEFAULT 0,
  grouped integer NOT NULL DEFAULT 0,
  unmatched integer NOT NULL DEFAULT 0,
  malformed integer NOT NULL DEFAULT 0,
  attachments_failed integer NOT NULL DEFAULT 0,
  -- [{index, sourceId?, reason, field?}], the first 100 malformed entries.
  problems jsonb NOT NULL DEFAULT '[]',
  -- A whole-run failure (feed unreachable, not JSON), as a catalogue code.
  error text,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX announcement_feed_runs_feed ON announcement_feed_runs (feed_id, started_at DESC);
CREATE INDEX announcement_feed_runs_started ON announcement_feed_runs (started_at DESC, id DESC);

CREATE TABLE announcements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('BSE', 'NSE', 'manual')),
  -- BSE NEWSID, NSE seq_id; a manual one gets a random id.
  source_id text NOT NULL DEFAULT gen_random_uuid()::text CHECK (length(source_id) BETWEEN 1 AND 100),
  company_id bigint REFERENCES companies (company_id) ON DELETE SET NULL,
  -- As the source gave them (isin: NSE's sm_isin, or the matched company's for BSE).
  isin text NOT NULL DEFAULT '' CHECK (length(isin) <= 20),
  scrip_code text NOT NULL DEFAULT '' CHECK (length(scrip_code) <= 20),
  symbol text NOT NULL DEFAULT '' CHECK (length(symbol) <= 40),
  company_name text NOT NULL DEFAULT '' CHECK (length(company_name) <= 300),
  exchange_category text NOT NULL DEFAULT '' CHECK (length(exchange_category) <= 200),
  exchange_subcategory text NOT NULL DEFAULT '' CHECK (length(exchange_subcategory) <= 200),
  category_id bigint REFERENCES announcement_categories (id) ON DELETE SET NULL,
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 500),
  summary text NOT NULL DEFAULT '' CHECK (length(summary) <= 10000),
  attachment_url text NOT NULL DEFAULT '' CHECK (length(attachment_url) <= 2000),
  attachment_blob_id uuid REFERENCES blobs (id) ON DELETE SET NULL,
  -- A catalogue code when the attachment could not be fetched or was not a PDF.
  attachment_error text,
  critical boolean NOT NULL DEFAULT false,
  material boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'needs_review' CHECK (status IN ('ingested', 'needs_review', 'published', 'suppressed', 'retracted')),
  suppress_reason text CHECK (suppress_reason IN ('duplicate', 'irrelevant')),
  retract_reason text CHECK (length(retract_reason) <= 500),
  -- Its duplicate group's lead (the first filing); the lead's own group_id is its id; null: alone.
  group_id bigint REFERENCES announcements (id) ON DELETE SET NULL,
  disseminated_at timestamptz NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  published_by bigint REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  decided_by bigint REFERENCES users (id) ON DELETE SET NULL,
  feed_run_id bigint REFERENCES announcement_feed_runs (id) ON DELETE SET NULL,
  -- The feed entry as it came (for the record); null for manual ones.
  raw jsonb,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, source_id),
  CHECK ((status = 'suppressed') = (suppress_reason IS NOT NULL)),
  CHECK (status NOT IN ('published', 'retracted') OR published_at IS NOT NULL)
);
-- The review queue (oldest first) and every status tab, keyset on (disseminated_at, id).
CREATE INDEX announcements_status_time ON announcements (status, disseminated_at, id);
CREATE INDEX announcements_time ON announcements (disseminated_at, id);
-- The queue tab (the default, and what reviewers page through all day): a small partial index
-- read in order, whatever the share of queued rows among the published ones.
CREATE INDEX announcements_queue_time ON announcements (disseminated_at, id) WHERE status IN ('ingested', 'needs_review');
CREATE INDEX announcements_group ON announcements (group_id) WHERE group_id IS NOT NULL;
CREATE INDEX announcements_company ON announcements (company_id, disseminated_at, id);
-- Dedupe candidates: same company or ISIN within a window.
CREATE INDEX announcements_isin_time ON announcements (isin, disseminated_at) WHERE isin <> '';
CREATE INDEX announcements_unmatched ON announcements (source, disseminated_at) WHERE company_id IS NULL;
-- The dashboard's latency over the last 24 h.
CREATE INDEX announcements_published_at ON announcements (published_at) WHERE published_at IS NOT NULL;
-- The list's text search (`q`, contains) over a million rows: a trigram index where the
-- server has pg_trgm (PostgreSQL's contrib; the embedded PGlite build has not: there the search
-- reads the rows). The list's expression must stay exactly this one for the index to serve it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX announcements_text ON announcements USING gin ((subject || ' ' || summary || ' ' || company_name) gin_trgm_ops);
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'announcements_text not created (%): text search reads the rows', SQLERRM;
END $$;
CREATE TRIGGER announcements_touch BEFORE UPDATE ON announcements FOR EACH ROW EXECUTE FUNCTION touch_row();

-- What a person linked once (a BSE scrip code, an NSE symbol) matches by itself from then on.
CREATE TABLE announcement_company_codes (
  source text NOT NULL CHECK (source IN ('BSE', 'NSE')),
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
  company_id bigint NOT NULL REFERENCES companies (company_id) ON DELETE CASCADE,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, code)
);

-- A soft lock: who has an announcement open, until when (renewed while the page is open).
CREATE TABLE announcement_locks (
  announcement_id bigint PRIMARY KEY REFERENCES announcements (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  username text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Live updates across instances: one NOTIFY per statement (a feed run inserts thousands of rows
-- in one), listed ids capped so the payload stays under PostgreSQL's 8000 bytes.
CREATE FUNCTION announcements_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  total integer;
BEGIN
  SELECT array_agg(id ORDER BY id), count(*) INTO ids, total FROM (SELECT id FROM changed LIMIT 500) AS c;
  IF total > 0 THEN
    SELECT count(*) INTO total FROM changed;
    PERFORM pg_notify('announcements_changed', json_build_object('op', lower(TG_OP), 'ids', ids, 'count', total)::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER announcements_inserted AFTER INSERT ON announcements REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announcements_notify();
CREATE TRIGGER announcements_updated AFTER UPDATE ON announcements REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announcements_notify();

CREATE FUNCTION announcement_locks_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_ announcement_locks;
BEGIN
  IF TG_OP = 'DELETE' THEN row_ := OLD; ELSE row_ := NEW; END IF;
  PERFORM pg_notify('announcements_changed', json_build_object(
    'op', 'lock', 'ids', json_build_array(row_.announcement_id), 'count', 1,
    'lockedBy', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE json_build_object('id', row_.user_id, 'username', row_.username) END,
    'expiresAt', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE row_.expires_at END)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER announcement_locks_changed AFTER INSERT OR UPDATE OR DELETE ON announcement_locks
  FOR EACH ROW EXECUTE FUNCTION announcement_locks_notify();

-- Staff notices (generic module, src/resources/staff-notices.ts): written by Admins, shown to
-- every role on the dashboard from starts_at until expires_at.
CREATE TABLE staff_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  body text NOT NULL DEFAULT '' CHECK (length(body) <= 2000),
  severity text NOT NULL DEFAULT 'info' CHECK (severity IN ('info', 'warning', 'critical')),
  starts_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (expires_at > starts_at)
);
CREATE INDEX staff_notices_current ON staff_notices (expires_at, starts_at);
CREATE TRIGGER staff_notices_touch BEFORE UPDATE ON staff_notices FOR EACH ROW EXECUTE FUNCTION touch_row();

-- finview's `announcements` source reads the table above from now on: its cap, as the other row sources have.
UPDATE finview_plugins SET config = '{"maxItems":50}' WHERE id = 'announcements' AND config = '{}';
