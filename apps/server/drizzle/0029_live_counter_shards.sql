-- Issue 17 follow-up: a session's counter shard is 1-16 ((backend pid & 15) + 1), never 0.
-- Shard 0 is the row the hourly fold writes (dashboard.fold-counters); with 0027's pid & 15 one
-- session in sixteen added to it too, so its writes waited on the fold's lock of that row (and
-- a test of the fold giving way found no shard to fold when its session was that one). Sums are
-- unchanged: rows already in shards 1-15 stay and are folded as before; removals still take any
-- row of their key. The bodies are 0027's but for that line.
CREATE OR REPLACE FUNCTION ringback_count_call_record(org text, assistant uuid, call_status text,
  created timestamptz, call_id uuid, delta integer) RETURNS void AS $$
DECLARE
  key uuid := coalesce(assistant, '00000000-0000-0000-0000-000000000000'::uuid);
  at_bin timestamptz := date_bin('15 minutes', created, timestamptz '2000-01-01 00:00:00+00');
  part integer := (pg_backend_pid() & 15) + 1;
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
  part integer := (pg_backend_pid() & 15) + 1;
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
  part integer := (pg_backend_pid() & 15) + 1;
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
