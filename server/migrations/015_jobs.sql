-- Background jobs (server/src/services/jobs, README "Jobs"). pg-boss queues, retries, expires
-- and schedules them in its own schema `pgboss`, which it creates and migrates itself at start
-- (not here). This table is what people and the app see of a job: one row per job, kept across
-- its attempts, with its progress and outcome. Its id is pg-boss's id of the first attempt.
CREATE TABLE jobs (
  id uuid PRIMARY KEY,
  queue text NOT NULL CHECK (length(queue) BETWEEN 1 AND 100),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  -- Whole per cent of the current attempt; 100 only with succeeded.
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  data jsonb NOT NULL DEFAULT '{}',
  -- What the job made, e.g. the blob ids of a video and its poster.
  result jsonb,
  -- The last attempt's failure, shown to people: no stack.
  error text CHECK (length(error) <= 2000),
  -- Incremented as each attempt starts; an attempt writes only while the row still carries its number.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- pg-boss's job of the current attempt (a retry by hand makes a new pg-boss job).
  boss_id uuid NOT NULL UNIQUE,
  -- At most one job per key and queue, whatever its state: one video per event.
  singleton_key text CHECK (length(singleton_key) <= 500),
  origin text NOT NULL CHECK (origin IN ('user', 'rule', 'schedule', 'system')),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The finview rule that made it (no foreign key: rules are another module's table).
  rule_id text CHECK (length(rule_id) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX jobs_singleton ON jobs (queue, singleton_key) WHERE singleton_key IS NOT NULL;
CREATE INDEX jobs_queue_created ON jobs (queue, created_at DESC, id DESC);
CREATE INDEX jobs_unfinished ON jobs (queue) WHERE status IN ('queued', 'running');
CREATE INDEX jobs_created_by ON jobs (created_by) WHERE created_by IS NOT NULL;

-- Every change of status or progress is announced on the channel `jobs_changed`, so each
-- instance on one PostgreSQL can push it to its own server-sent-event clients (PGlite has
-- one process: the service tells its listeners directly). Delivered when the change commits.
CREATE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs_changed', json_build_object(
    'id', NEW.id, 'queue', NEW.queue, 'status', NEW.status, 'progress', NEW.progress)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER jobs_inserted AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_notify();
CREATE TRIGGER jobs_changed AFTER UPDATE OF status, progress ON jobs FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.progress IS DISTINCT FROM NEW.progress)
  EXECUTE FUNCTION jobs_notify();
