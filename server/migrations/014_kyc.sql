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
  -- What the lists' `q` looks in (part of the name or the PAN), lower-cased once when written
  -- rather than for every row of every search.
  search text GENERATED ALWAYS AS (lower(name) || ' ' || coalesce(lower(pan), '')) STORED,
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
  -- Copies for the document list's filters (an index each, no join to count a reviewer's or
  -- an uploader's documents), kept by the triggers below: the subject's assignee, and who
  -- uploaded the current file.
  assignee_id bigint REFERENCES users (id),
  uploaded_by bigint REFERENCES users (id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subject_id, type)
);
-- The document list (GET kyc/documents, p95 <= 50 ms on 100 000 documents): each index serves
-- a filter in the default order (newest first, id breaking ties), so a page is an index range
-- read that stops after LIMIT rows; sorted by status or type, ties go newest first too.
CREATE INDEX kyc_documents_updated_at ON kyc_documents (updated_at DESC, id DESC);
CREATE INDEX kyc_documents_status ON kyc_documents (status, updated_at DESC, id DESC);
CREATE INDEX kyc_documents_type ON kyc_documents (type, updated_at DESC, id DESC);
-- Status included: a reviewer's pending documents are counted from the index alone.
CREATE INDEX kyc_documents_assignee ON kyc_documents (assignee_id, updated_at DESC, id DESC) INCLUDE (status);
CREATE INDEX kyc_documents_uploaded_by ON kyc_documents (uploaded_by, updated_at DESC, id DESC) INCLUDE (status);
CREATE TRIGGER kyc_documents_touch BEFORE UPDATE ON kyc_documents FOR EACH ROW EXECUTE FUNCTION touch_row();

-- A new document takes its subject's assignee; a subject's new assignee is its documents'.
CREATE FUNCTION kyc_documents_assignee_of_subject() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.assignee_id := (SELECT assignee_id FROM kyc_subjects WHERE id = NEW.subject_id);
  RETURN NEW;
END $$;
CREATE TRIGGER kyc_documents_assignee BEFORE INSERT ON kyc_documents FOR EACH ROW EXECUTE FUNCTION kyc_documents_assignee_of_subject();
CREATE FUNCTION kyc_subjects_assignee_to_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kyc_documents SET assignee_id = NEW.assignee_id WHERE subject_id = NEW.id AND assignee_id IS DISTINCT FROM NEW.assignee_id;
  RETURN NULL;
END $$;
CREATE TRIGGER kyc_subjects_assignee AFTER UPDATE OF assignee_id ON kyc_subjects FOR EACH ROW
  WHEN (OLD.assignee_id IS DISTINCT FROM NEW.assignee_id) EXECUTE FUNCTION kyc_subjects_assignee_to_documents();

-- Exact document counts per status, type and UTC day of updated_at, kept by statement triggers
-- in the same transaction as the change: the list's x-total-count sums these rows when it
-- filters on nothing else (dates by whole UTC days), instead of counting up to every document.
CREATE TABLE kyc_document_counts (
  status text NOT NULL,
  type text NOT NULL,
  day date NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (status, type, day)
);
CREATE FUNCTION kyc_document_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Ordered, so concurrent changes lock the counter rows in the same order (no deadlock).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO kyc_document_counts AS c (status, type, day, n)
    SELECT status, type, (updated_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, type, day) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO kyc_document_counts AS c (status, type, day, n)
    SELECT status, type, day, sum(delta) FROM (
      SELECT status, type, (updated_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, type, (updated_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows
    ) AS changes
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (status, type, day) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO kyc_document_counts AS c (status, type, day, n)
    SELECT status, type, (updated_at AT TIME ZONE 'UTC')::date, -count(*) FROM old_rows
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, type, day) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER kyc_document_counts_insert AFTER INSERT ON kyc_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kyc_document_counts_apply();
CREATE TRIGGER kyc_document_counts_update AFTER UPDATE ON kyc_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kyc_document_counts_apply();
CREATE TRIGGER kyc_document_counts_delete AFTER DELETE ON kyc_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kyc_document_counts_apply();

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
ALTER TABLE kyc_documents ADD CONSTRAINT kyc_documents_current_file_fk FOREIGN KEY (current_file_id) REFERENCES kyc_document_files (id);

-- The uploader of a document's current file, copied onto the document (its list's filter).
CREATE FUNCTION kyc_documents_uploader_of_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.uploaded_by := (SELECT uploaded_by FROM kyc_document_files WHERE id = NEW.current_file_id);
  RETURN NEW;
END $$;
CREATE TRIGGER kyc_documents_uploader BEFORE INSERT OR UPDATE OF current_file_id ON kyc_documents FOR EACH ROW
  EXECUTE FUNCTION kyc_documents_uploader_of_file();

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
