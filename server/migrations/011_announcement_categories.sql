-- Announcement categories (src/resources/announcement-categories.ts), served by the generic
-- module: the table with `version`, `created_at`, `updated_at` and the touch_row trigger of 010.
CREATE TABLE announcement_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Case-insensitive: "Events" and "events" are one category (a clash answers 409).
CREATE UNIQUE INDEX announcement_categories_name_key ON announcement_categories (lower(name));
CREATE TRIGGER announcement_categories_touch BEFORE UPDATE ON announcement_categories FOR EACH ROW EXECUTE FUNCTION touch_row();

-- A starting taxonomy an Admin renames, extends or deletes.
INSERT INTO announcement_categories (name, description) VALUES
  ('General', 'Announcements for everyone'),
  ('Maintenance', 'Planned downtime and changes to the service'),
  ('Events', 'Meetings, webinars and releases');
