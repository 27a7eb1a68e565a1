-- Request counts of @fastify/rate-limit (the anonymous endpoints), kept here rather than in
-- memory so every instance counts the same requests. One row per route and address.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);
