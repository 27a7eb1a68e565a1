-- Users and news items carry a real `version`, as the generic module's tables do (010): the
-- workflow's stale check (user approval and disabling, news status) compared a number derived
-- from `updated_at` folded into 31 bits, which repeats every 36 minutes and trusted every writer
-- to set `updated_at`. The same trigger bumps the version and keeps `updated_at` on every write,
-- whichever route or tool makes it. Adding a column with a constant default rewrites no rows.
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch_row();

ALTER TABLE news ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE TRIGGER news_touch BEFORE UPDATE ON news FOR EACH ROW EXECUTE FUNCTION touch_row();
