-- Stored files (server/src/services/blobs): the meta row, and the content encrypted in chunks
-- so that neither PGlite nor PostgreSQL ever holds a whole large file in one value, and a
-- range read fetches and decrypts only the chunks it covers.
CREATE TABLE blobs (
  id uuid PRIMARY KEY,
  content_type text NOT NULL CHECK (length(content_type) BETWEEN 1 AND 200),
  filename text NOT NULL CHECK (length(filename) <= 255),
  size bigint NOT NULL CHECK (size >= 0),
  -- Of the plaintext, hex: lets a caller spot a duplicate upload without decrypting.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  chunk_size integer NOT NULL CHECK (chunk_size > 0),
  chunk_count integer NOT NULL CHECK (chunk_count >= 1),
  -- The file's own AES-256 key, wrapped (AES-256-GCM: iv, tag, ciphertext) by the master key.
  wrapped_key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- No foreign key to blobs: an upload's chunks are written as it streams in, each in its own
-- short statement (no transaction held open for a slow client), before the meta row exists;
-- the meta row is written later in the caller's transaction.
CREATE TABLE blob_chunks (
  blob_id uuid NOT NULL,
  seq integer NOT NULL CHECK (seq >= 0),
  -- iv (12 bytes), ciphertext, GCM tag (16 bytes).
  data bytea NOT NULL,
  PRIMARY KEY (blob_id, seq)
);
-- Ciphertext does not compress: store it out of line without trying.
ALTER TABLE blob_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

-- Uploads whose chunks are written but whose meta row is not (yet): the caller's transaction
-- deletes the row with the meta insert; one left over an hour (a rolled-back or crashed
-- upload) has its chunks pruned.
CREATE TABLE blob_staging (
  blob_id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blob_staging_created_at ON blob_staging (created_at);
