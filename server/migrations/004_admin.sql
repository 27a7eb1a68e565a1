-- Enterprises and the users that belong to them. A bank's users must have an
-- address in the bank's mail domain; the service checks it on every write.
CREATE TABLE enterprises (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  mail_domain text NOT NULL CHECK (mail_domain ~ '^[a-z0-9.-]+\.[a-z]{2,}$'),
  is_bank boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Case-insensitive, and what makes concurrent creations of one name answer 409 rather than race.
CREATE UNIQUE INDEX enterprises_name_key ON enterprises (lower(name));

-- Nullable: self-registered users have none until an admin assigns one.
ALTER TABLE users ADD COLUMN enterprise_id bigint REFERENCES enterprises (id);
CREATE INDEX users_enterprise_id ON users (enterprise_id);
CREATE INDEX users_status_role ON users (status, role);

CREATE INDEX audit_log_entity_at ON audit_log (entity, at DESC);
