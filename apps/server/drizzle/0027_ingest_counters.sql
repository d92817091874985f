-- Issue 17 §6: faster ingest. Measured with pg_stat_statements under bench:ingest (20
-- connections): of 2.95 ms of database time per delivery, 1.7 ms went to the counters' upserts
-- (call_record_bin_counts 1.07 ms, call_group_counts 0.61 ms) — mostly waiting: a counter shard
-- was picked by hashing the row's id, so concurrent transactions met on the same rows and queued
-- until each other's commit — and 0.67 ms to the search text, SQL functions that PostgreSQL
-- plans again at every call.
--
-- Counters: an addition goes to the shard of the database session (backend pid & 15), so the
-- app's concurrent connections each write their own rows and never wait for each other. A total
-- is still the sum of a key's rows, so a removal may take any row of its key: its session's if
-- there is one, else the lowest shard (there is always one: the addition it undoes, or the fold's
-- shard 0 that absorbed it). Rows may go below zero; sums never do.
CREATE OR REPLACE FUNCTION ringback_count_call_record(org text, assistant uuid, call_status text,
  created timestamptz, call_id uuid, delta integer) RETURNS void AS $$
DECLARE
  key uuid := coalesce(assistant, '00000000-0000-0000-0000-000000000000'::uuid);
  at_bin timestamptz := date_bin('15 minutes', created, timestamptz '2000-01-01 00:00:00+00');
  part integer := pg_backend_pid() & 15;
  chosen integer;
BEGIN
  IF delta < 0 THEN
    -- The fold may move the chosen row to shard 0 meanwhile: look again (never lose a removal).
    FOR attempt IN 1..5 LOOP
      SELECT shard INTO chosen FROM call_record_bin_counts
      WHERE organization_id = org AND bin = at_bin AND assistant_key = key AND status = call_status
      ORDER BY shard = part DESC, shard LIMIT 1;
      EXIT WHEN chosen IS NULL;
      UPDATE call_record_bin_counts SET calls = calls + delta
      WHERE organization_id = org AND bin = at_bin AND assistant_key = key
        AND status = call_status AND shard = chosen;
      EXIT WHEN FOUND;
    END LOOP;
  ELSE
    INSERT INTO call_record_bin_counts AS c (organization_id, bin, assistant_key, status, shard,
      calls)
    VALUES (org, at_bin, key, call_status, part, delta)
    ON CONFLICT (organization_id, bin, assistant_key, status, shard)
      DO UPDATE SET calls = c.calls + delta;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_count_call_group(org text, assistant uuid, status text,
  at timestamptz, group_id uuid, delta integer) RETURNS void AS $$
DECLARE
  key uuid := coalesce(assistant, '00000000-0000-0000-0000-000000000000'::uuid);
  part integer := pg_backend_pid() & 15;
  on_day date := (at AT TIME ZONE 'UTC')::date;
  chosen integer;
BEGIN
  IF delta < 0 THEN
    SELECT shard INTO chosen FROM call_group_counts
    WHERE organization_id = org AND assistant_key = key AND latest_status = status
    ORDER BY shard = part DESC, shard LIMIT 1;
    UPDATE call_group_counts SET groups = groups + delta
    WHERE organization_id = org AND assistant_key = key AND latest_status = status
      AND shard = chosen;
    SELECT shard INTO chosen FROM call_group_day_counts
    WHERE organization_id = org AND assistant_key = key AND day = on_day
      AND latest_status = status
    ORDER BY shard = part DESC, shard LIMIT 1;
    UPDATE call_group_day_counts SET groups = groups + delta
    WHERE organization_id = org AND assistant_key = key AND day = on_day
      AND latest_status = status AND shard = chosen;
  ELSE
    INSERT INTO call_group_counts AS c (organization_id, assistant_key, latest_status, shard, groups)
    VALUES (org, key, status, part, delta)
    ON CONFLICT (organization_id, assistant_key, latest_status, shard)
      DO UPDATE SET groups = c.groups + delta;
    INSERT INTO call_group_day_counts AS c (organization_id, assistant_key, day, latest_status,
      shard, groups)
    VALUES (org, key, on_day, status, part, delta)
    ON CONFLICT (organization_id, assistant_key, day, latest_status, shard)
      DO UPDATE SET groups = c.groups + delta;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_count_call_group_outcomes(org text, assistant uuid,
  answers jsonb, latest timestamptz, group_id uuid, delta integer) RETURNS void AS $$
DECLARE
  key uuid := coalesce(assistant, '00000000-0000-0000-0000-000000000000'::uuid);
  at_bin timestamptz := date_bin('15 minutes', latest, timestamptz '2000-01-01 00:00:00+00');
  part integer := pg_backend_pid() & 15;
  answer record;
  chosen integer;
BEGIN
  IF answers IS NULL OR jsonb_typeof(answers) <> 'object' THEN
    RETURN;
  END IF;
  FOR answer IN
    SELECT o.key AS question, CASE WHEN o.value = 'true'::jsonb THEN delta ELSE 0 END AS said_yes,
      CASE WHEN o.value = 'false'::jsonb THEN delta ELSE 0 END AS said_no
    FROM jsonb_each(answers) o WHERE jsonb_typeof(o.value) = 'boolean'
  LOOP
    IF delta < 0 THEN
      FOR attempt IN 1..5 LOOP
        SELECT shard INTO chosen FROM call_group_outcome_counts
        WHERE organization_id = org AND bin = at_bin AND assistant_key = key
          AND outcome_key = answer.question
        ORDER BY shard = part DESC, shard LIMIT 1;
        EXIT WHEN chosen IS NULL;
        UPDATE call_group_outcome_counts SET yes = yes + answer.said_yes, no = no + answer.said_no
        WHERE organization_id = org AND bin = at_bin AND assistant_key = key
          AND outcome_key = answer.question AND shard = chosen;
        EXIT WHEN FOUND;
      END LOOP;
    ELSE
      INSERT INTO call_group_outcome_counts AS c (organization_id, bin, assistant_key,
        outcome_key, shard, yes, no)
      VALUES (org, at_bin, key, answer.question, part, answer.said_yes, answer.said_no)
      ON CONFLICT (organization_id, bin, assistant_key, outcome_key, shard)
        DO UPDATE SET yes = c.yes + excluded.yes, no = c.no + excluded.no;
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The search text: the same result, in PL/pgSQL, whose statements keep their plans per session.
CREATE OR REPLACE FUNCTION ringback_answers_text(answers jsonb, name text, email text,
  phone text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
  SELECT coalesce(left(regexp_replace(string_agg(v, ' ' ORDER BY n), '\s+', ' ', 'g'), 1000), '')
  FROM (
    SELECT n, CASE jsonb_typeof(item)
        WHEN 'string' THEN item #>> '{}'
        WHEN 'number' THEN item #>> '{}'
        WHEN 'array' THEN (SELECT string_agg(e #>> '{}', ' ') FROM jsonb_array_elements(item) e
                           WHERE jsonb_typeof(e) IN ('string', 'number'))
      END AS v
    FROM (
      SELECT q.value -> 'value' AS item, q.n
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(answers -> 'questions') = 'array'
                                     THEN answers -> 'questions' ELSE '[]'::jsonb END)
           WITH ORDINALITY AS q(value, n)
      UNION ALL
      SELECT a.value, 0
      FROM jsonb_each(CASE WHEN jsonb_typeof(answers -> 'questions') IS DISTINCT FROM 'array'
                            AND jsonb_typeof(answers -> 'answers') = 'object'
                           THEN answers -> 'answers' ELSE '{}'::jsonb END) a
    ) items
  ) texts
  CROSS JOIN LATERAL (SELECT regexp_replace(coalesce(phone, ''), '\D', '', 'g') AS phone_digits,
                             regexp_replace(coalesce(v, ''), '\D', '', 'g') AS v_digits) d
  WHERE v IS NOT NULL
    AND lower(trim(v)) IS DISTINCT FROM lower(trim(name))
    AND lower(trim(v)) IS DISTINCT FROM lower(trim(email))
    AND NOT (length(v_digits) >= 7 AND v !~ '[[:alpha:]]' AND phone_digits LIKE '%' || v_digits));
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_call_group_search_text(name text, email text, phone text,
  title text, answers jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN lower(concat_ws(' ', name, email, title,
    nullif(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), ''),
    nullif(ringback_answers_text(answers, name, email, phone), '')));
END;
$$;
