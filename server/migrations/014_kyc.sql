-- KYC (issue 11; docs/kyc.md, server/src/modules/kyc): subjects, their documents, every
-- uploaded file of a document, and the area's settings. Vocabulary (types, statuses,
-- reasons) is src/resources/kyc-model.ts; the checks below repeat it so no writer can store
-- a value the app does not know. A full Aadhaar number is never here: `aadhaar_ref` points
-- into aadhaar_vault (migration 012) and only the last 4 digits are kept beside it.

CREATE TABLE kyc_subjects (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  dob date NOT NULL,
  gender text NOT NULL CHECK (gender IN ('M', 'F', 'T')),
  address_line text NOT NULL CHECK (length(address_line) BETWEEN 1 AND 200),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  state text NOT NULL CHECK (length(state) BETWEEN 1 AND 100),
  pin_code text NOT NULL CHECK (pin_code ~ '^[1-9][0-9]{5}$'),
  pan text CHECK (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
  aadhaar_ref uuid REFERENCES aadhaar_vault (ref),
  aadhaar_last4 text CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
  -- Derived from the documents (subjectStatus), kept here for the lists' filter and sort.
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pending', 'approved', 'rejected', 'revision')),
  assignee_id bigint REFERENCES users (id),
  created_by bigint NOT NULL REFERENCES users (id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((aadhaar_ref IS NULL) = (aadhaar_last4 IS NULL))
);
-- One subject per PAN and per Aadhaar number (the vault has one ref per number); a clash answers 409.
CREATE UNIQUE INDEX kyc_subjects_pan_key ON kyc_subjects (pan);
CREATE UNIQUE INDEX kyc_subjects_aadhaar_ref_key ON kyc_subjects (aadhaar_ref);
-- The subject list: newest first, by status, by assignee, by name.
CREATE INDEX kyc_subjects_updated_at ON kyc_subjects (updated_at DESC, id DESC);
CREATE INDEX kyc_subjects_status ON kyc_subjects (status, updated_at DESC, id DESC);
CREATE INDEX kyc_subjects_assignee ON kyc_subjects (assignee_id, updated_at DESC, id DESC);
CREATE INDEX kyc_subjects_name ON kyc_subjects (lower(name), id);
CREATE TRIGGER kyc_subjects_touch BEFORE UPDATE ON kyc_subjects FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE kyc_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject_id bigint NOT NULL REFERENCES kyc_subjects (id),
  type text NOT NULL CHECK (type IN ('pan_card', 'digital_pan', 'aadhaar_card', 'digital_aadhaar', 'signature', 'picture')),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pending', 'approved', 'rejected', 'revision')),
  reason text CHECK (reason IN ('bad_quality', 'missing_page', 'expired', 'name_mismatch', 'altered', 'wrong_type', 'other')),
  comment text CHECK (length(comment) <= 1000),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  -- Set in the transaction that inserts the document's first file (kyc_document_files below).
  current_file_id bigint,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subject_id, type)
);
-- The document list: newest first (the default), by status, by type; the other sorts and the
-- filters on the subject (name, PAN, assignee) or the uploader go through their own indexes.
CREATE INDEX kyc_documents_updated_at ON kyc_documents (updated_at DESC, id DESC);
CREATE INDEX kyc_documents_status ON kyc_documents (status, updated_at DESC, id DESC);
CREATE INDEX kyc_documents_type ON kyc_documents (type, updated_at DESC, id DESC);
CREATE TRIGGER kyc_documents_touch BEFORE UPDATE ON kyc_documents FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE kyc_document_files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id bigint NOT NULL REFERENCES kyc_documents (id),
  seq integer NOT NULL CHECK (seq >= 1),
  -- Null once the file's bytes are deleted (`removed`): an unmasked Aadhaar card image after
  -- the document's image was masked.
  blob_id uuid REFERENCES blobs (id),
  content_type text NOT NULL,
  filename text NOT NULL CHECK (length(filename) <= 255),
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  width integer,
  height integer,
  pages integer,
  uploaded_by bigint NOT NULL REFERENCES users (id),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  scan_status text NOT NULL CHECK (scan_status IN ('clean', 'skipped', 'error')),
  scan_signature text,
  masked boolean NOT NULL DEFAULT false,
  removed boolean NOT NULL DEFAULT false,
  verification text CHECK (verification IN ('verified', 'not_verified')),
  extracted jsonb,
  UNIQUE (document_id, seq),
  CHECK ((blob_id IS NULL) = removed)
);
CREATE INDEX kyc_document_files_uploaded_by ON kyc_document_files (uploaded_by, document_id);
ALTER TABLE kyc_documents ADD CONSTRAINT kyc_documents_current_file_fk FOREIGN KEY (current_file_id) REFERENCES kyc_document_files (id);

-- One row: what an Admin sets for the area.
CREATE TABLE kyc_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- `required`: a document is approved only once scanned clean. The default: a deployment
  -- without a scanner must say so (policy `off`) rather than approve unscanned files unawares.
  scan_policy text NOT NULL DEFAULT 'required' CHECK (scan_policy IN ('required', 'off')),
  -- The UIDAI signing certificate digital Aadhaar files are verified against (PEM).
  uidai_certificate text,
  updated_by bigint REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO kyc_settings DEFAULT VALUES;
