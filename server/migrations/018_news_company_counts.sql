-- Exact item counts per company and status, kept by statement triggers in the same
-- transaction as the change, as news_day_counts are per status and day (003). A list
-- filtered by companies without dates sums these rows: at 10 000 000 items, counting
-- ten companies' index ranges read 100 000 entries a request (p95 125 ms).
CREATE TABLE news_company_counts (
  company_id bigint NOT NULL,
  news_status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (company_id, news_status)
);

INSERT INTO news_company_counts (company_id, news_status, n)
SELECT company_id, news_status, count(*) FROM news GROUP BY 1, 2;

CREATE FUNCTION news_company_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Ordered, so concurrent changes lock the counter rows in the same order (no deadlock).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO news_company_counts AS c (company_id, news_status, n)
    SELECT company_id, news_status, count(*) FROM new_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (company_id, news_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO news_company_counts AS c (company_id, news_status, n)
    SELECT company_id, news_status, sum(delta) FROM (
      SELECT company_id, news_status, 1 AS delta FROM new_rows
      UNION ALL
      SELECT company_id, news_status, -1 FROM old_rows
    ) AS changes
    GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, news_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO news_company_counts AS c (company_id, news_status, n)
    SELECT company_id, news_status, -count(*) FROM old_rows
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (company_id, news_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER news_company_counts_insert AFTER INSERT ON news
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION news_company_counts_apply();
CREATE TRIGGER news_company_counts_update AFTER UPDATE ON news
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION news_company_counts_apply();
CREATE TRIGGER news_company_counts_delete AFTER DELETE ON news
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION news_company_counts_apply();
