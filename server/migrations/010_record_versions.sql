-- Optimistic concurrency for the generic server module (server/src/modules/crud): every
-- record it serves carries `version`, 1 when inserted and one more on each update. A
-- trigger bumps it, so every writer counts, not only the generic routes (update-company,
-- the Excel import, enabling an enterprise), and an edit based on an older version is
-- refused instead of silently overwriting. It also keeps `updated_at`.
-- A table served by the module has `version`, `created_at`, `updated_at` and this trigger.
CREATE FUNCTION touch_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  NEW.updated_at := now();
  RETURN NEW;
END $$;

ALTER TABLE enterprises ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE TRIGGER enterprises_touch BEFORE UPDATE ON enterprises FOR EACH ROW EXECUTE FUNCTION touch_row();

ALTER TABLE companies ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE TRIGGER companies_touch BEFORE UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION touch_row();

-- The enterprise list's derived count (src/resources/enterprises.ts `storage.readFrom`).
CREATE VIEW enterprises_read AS
  SELECT e.*, (SELECT count(*) FROM users u WHERE u.enterprise_id = e.id)::int AS user_count
    FROM enterprises e;
