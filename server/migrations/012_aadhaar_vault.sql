-- The Aadhaar vault (issue 11; server/src/services/aadhaar-vault.ts): the only place a full
-- Aadhaar number is kept, encrypted (AES-256-GCM, key derived from SECRET_KEY). Every other
-- table holds the `ref` and the last 4 digits. `search_hash` is an HMAC-SHA256 of the number
-- under another derived key: a lookup by number without decrypting, and one row per number.
CREATE TABLE aadhaar_vault (
  ref uuid PRIMARY KEY,
  ciphertext bytea NOT NULL,
  iv bytea NOT NULL CHECK (length(iv) = 12),
  tag bytea NOT NULL CHECK (length(tag) = 16),
  key_version smallint NOT NULL DEFAULT 1,
  search_hash bytea NOT NULL UNIQUE CHECK (length(search_hash) = 32),
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
