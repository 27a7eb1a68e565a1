-- Who changed what, when, with the row before and after. Written in the same
-- transaction as the change it records, so a change and its record stand or
-- fall together.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- Null for changes made by the system (bootstrap, self-registration).
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Kept as text too: the record must still say who after the user is gone.
  actor_username text,
  -- e.g. 'user', 'enterprise', 'company', 'news'
  entity text NOT NULL,
  entity_id text NOT NULL,
  -- e.g. 'create', 'update', 'status', 'approve', 'disable', 'import'
  action text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at ON audit_log (at DESC);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, at DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at DESC);
