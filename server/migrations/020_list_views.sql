-- Saved views and list preferences (issue 25 item 3; server/src/modules/views): what a user
-- keeps of a list on the server, so it follows them from one browser to the next.

-- A named state of one resource's list (filters, sorters, columns, page size, density), kept
-- by its owner and optionally shared with a role: a view shared with role R is listed to every
-- user whose role is R or more powerful (role <= R; 0 Super Admin, 1 Admin, 2 User).
CREATE TABLE list_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resource text NOT NULL CHECK (length(resource) BETWEEN 1 AND 64),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  state jsonb NOT NULL,
  shared_role smallint CHECK (shared_role IN (0, 1, 2)),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One owner's names are case-insensitively unique per list ("Mine" and "mine" clash: 409).
CREATE UNIQUE INDEX list_views_owner_name_key ON list_views (owner_id, resource, lower(name));
-- The views others shared, looked up per list on every list page.
CREATE INDEX list_views_shared ON list_views (resource, shared_role) WHERE shared_role IS NOT NULL;
CREATE TRIGGER list_views_touch BEFORE UPDATE ON list_views FOR EACH ROW EXECUTE FUNCTION touch_row();

-- One user's column choice and density for one list; no row means the definition's defaults.
CREATE TABLE list_preferences (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resource text NOT NULL CHECK (length(resource) BETWEEN 1 AND 64),
  -- The visible columns' field names; null: the list's default columns.
  columns jsonb,
  density text NOT NULL DEFAULT 'middle' CHECK (density IN ('large', 'middle', 'small')),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, resource)
);
-- An upsert's update bumps version and updated_at like any other.
CREATE TRIGGER list_preferences_touch BEFORE UPDATE ON list_preferences FOR EACH ROW EXECUTE FUNCTION touch_row();
