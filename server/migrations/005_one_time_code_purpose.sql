-- One-time codes serve two purposes now: a password reset, and lifting the lock of an
-- account after too many failed sign-ins (with the right password). Codes of one purpose
-- never open the other: the purpose is also part of the code's HMAC.
ALTER TABLE password_codes ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'unlock'));
DROP INDEX password_codes_user_id;
CREATE INDEX password_codes_user_purpose ON password_codes (user_id, purpose);

-- Failures now count per account over 24 hours (back-off, then the lock), per address
-- over 15 minutes; the indexes on (username_key, failed_at) and (ip, failed_at) serve both.
