-- Data corrections (generic module, common/resources/data-corrections.ts): errors in the
-- firm's data that clients report and staff triage, open → in_review → fixed | rejected.
-- The state, reason and comment are written by the workflow's transitions only; who
-- reported it is the maker the "fixed" transition's maker-checker compares with.
CREATE TABLE data_corrections (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject_type text NOT NULL CHECK (subject_type IN ('company', 'newsItem', 'announcement')),
  subject_ref text NOT NULL CHECK (length(subject_ref) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_review', 'fixed', 'rejected')),
  assignee_id bigint REFERENCES users (id) ON DELETE SET NULL,
  reported_by bigint REFERENCES users (id) ON DELETE SET NULL,
  reported_at timestamptz NOT NULL DEFAULT now(),
  reject_reason text CHECK (reject_reason IN ('notAnError', 'duplicate', 'cannotReproduce', 'outOfScope')),
  review_comment text CHECK (length(review_comment) <= 2000),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The dashboard's queue (open ones, oldest first) and the list's status tabs.
CREATE INDEX data_corrections_status ON data_corrections (status, reported_at);
CREATE TRIGGER data_corrections_touch BEFORE UPDATE ON data_corrections FOR EACH ROW EXECUTE FUNCTION touch_row();

-- What the list reads: the reporter's and the assignee's usernames beside their ids.
CREATE VIEW data_corrections_read AS
  SELECT c.*, reporter.username AS reporter_name, assignee.username AS assignee_name
    FROM data_corrections c
    LEFT JOIN users reporter ON reporter.id = c.reported_by
    LEFT JOIN users assignee ON assignee.id = c.assignee_id;
