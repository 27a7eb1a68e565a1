-- Accounts, sessions and the state of the request-sealing protocol. Everything
-- an instance needs to check a request lives here, so any instance can check a
-- request sealed for another.

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The username pads into the AES IV, hence ASCII and shorter than 16.
  username text NOT NULL CHECK (username ~ '^[A-Za-z0-9._-]{3,15}$'),
  email text NOT NULL,
  name text NOT NULL,
  role smallint NOT NULL CHECK (role IN (0, 1, 2)),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'disabled')),
  -- scrypt parameters, salt and hash in one string.
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Case-insensitive, so "Admin" cannot be registered beside "admin".
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Hex SHA-256 of the access token: a leaked table does not hold usable tokens.
  token_hash text NOT NULL UNIQUE,
  -- The newest cipher key's kid; incremented in place so instances never issue the same kid twice.
  key_counter integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id ON sessions (user_id);

CREATE TABLE cipher_keys (
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  kid integer NOT NULL,
  secret text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, kid)
);

CREATE TABLE seen_salts (
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  salt text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, salt)
);
CREATE INDEX seen_salts_seen_at ON seen_salts (seen_at);

-- Counted here rather than in memory so every instance enforces the same limit.
CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username_key text NOT NULL,
  ip text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_username ON login_failures (username_key, failed_at);
CREATE INDEX login_failures_ip ON login_failures (ip, failed_at);

CREATE TABLE password_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_codes_user_id ON password_codes (user_id);

CREATE TABLE password_code_requests (
  email_key text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_code_requests_email ON password_code_requests (email_key, requested_at);

-- One row: the key pair every instance shares when SERVER_KEY_FILE is not set.
CREATE TABLE server_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  private_key_pem text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
