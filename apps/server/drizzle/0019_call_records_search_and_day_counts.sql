-- Call Records finds the person (issue 12): search_text also holds the phone's digits and the
-- text of the submitted answers; totals by assistant (call_group_counts.assistant_key) and by
-- UTC day (call_group_day_counts) for the assistant and date filters. ADR 0012.

-- The text of a submission's answers, in form order, for the search: bounded (a very long
-- free-text answer is searched by its first 1,000 characters), and without the answers that
-- repeat the respondent's name, email or phone, which the search text holds already.
CREATE OR REPLACE FUNCTION ringback_answers_text(answers jsonb, name text, email text,
  phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
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
      -- Submissions stored before their questions were kept: the answers by field id.
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
    -- The number as typed (415 555 0123) is the end of the stored one (14155550123).
    AND NOT (length(v_digits) >= 7 AND v !~ '[[:alpha:]]' AND phone_digits LIKE '%' || v_digits)
$$;
--> statement-breakpoint
-- What the search box matches: name, email, form title, the phone as digits only (so that any
-- way of typing a number finds it) and the answers' text, lower-cased.
CREATE OR REPLACE FUNCTION ringback_call_group_search_text(name text, email text, phone text,
  title text, answers jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(' ', name, email, title,
    nullif(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), ''),
    nullif(ringback_answers_text(answers, name, email, phone), '')))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_refresh_call_group(group_key uuid, by_submission boolean)
RETURNS void AS $$
DECLARE
  attempts integer;
  total integer;
  latest call_records%ROWTYPE;
  submission form_submissions%ROWTYPE;
  assistant form_assistants%ROWTYPE;
BEGIN
  -- One refresh of a group at a time: the second waits, then reads what the first committed.
  PERFORM pg_advisory_xact_lock(hashtextextended('call_group:' || group_key::text, 0));
  IF by_submission THEN
    SELECT count(*), coalesce(sum(coalesce(duration, 0)), 0) INTO attempts, total
      FROM call_records WHERE submission_id = group_key;
    SELECT * INTO latest FROM call_records WHERE submission_id = group_key
      ORDER BY call_attempt DESC, created_at DESC, id DESC LIMIT 1;
  ELSE
    SELECT count(*), coalesce(sum(coalesce(duration, 0)), 0) INTO attempts, total
      FROM call_records WHERE id = group_key AND submission_id IS NULL;
    SELECT * INTO latest FROM call_records WHERE id = group_key AND submission_id IS NULL;
  END IF;
  IF attempts = 0 THEN
    DELETE FROM call_groups WHERE id = group_key;
    RETURN;
  END IF;
  IF by_submission THEN
    SELECT * INTO submission FROM form_submissions WHERE id = group_key;
  END IF;
  SELECT * INTO assistant FROM form_assistants
    WHERE id = coalesce(latest.assistant_id, submission.assistant_id);
  -- A group that exists: the attempts moved. The names and title are those of the group's
  -- first call (a form changed later does not rename earlier calls), and the search text is
  -- rebuilt only when a title arrives late (the answers are read once, not on every update).
  UPDATE call_groups AS g SET
    attempt_count = attempts,
    latest_call_id = latest.id,
    latest_status = latest.status,
    latest_call_at = date_trunc('milliseconds', latest.created_at),
    total_duration = total,
    assistant_id = coalesce(g.assistant_id, assistant.id),
    assistant_name = coalesce(g.assistant_name, assistant.name),
    form_title = coalesce(g.form_title, assistant.form_title),
    search_text = CASE WHEN g.form_title IS NULL AND assistant.form_title IS NOT NULL
      THEN ringback_call_group_search_text(g.respondent_name, g.respondent_email,
        g.respondent_phone_number, assistant.form_title, submission.answers)
      ELSE g.search_text END
  WHERE g.id = group_key;
  IF FOUND THEN
    RETURN;
  END IF;
  INSERT INTO call_groups (id, organization_id, submission_id, assistant_id, assistant_name,
      form_title, respondent_name, respondent_email, respondent_phone_number, search_text,
      attempt_count, latest_call_id, latest_status, latest_call_at, total_duration)
  VALUES (group_key, latest.organization_id, submission.id, assistant.id, assistant.name,
      assistant.form_title, submission.respondent_name, submission.respondent_email,
      submission.respondent_phone_number,
      ringback_call_group_search_text(submission.respondent_name, submission.respondent_email,
        submission.respondent_phone_number, assistant.form_title, submission.answers),
      attempts, latest.id, latest.status, date_trunc('milliseconds', latest.created_at), total);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A respondent's details or answers corrected on the submission show (and are found) at once.
CREATE OR REPLACE FUNCTION ringback_submission_to_group() RETURNS trigger AS $$
BEGIN
  UPDATE call_groups SET
    respondent_name = NEW.respondent_name,
    respondent_email = NEW.respondent_email,
    respondent_phone_number = NEW.respondent_phone_number,
    search_text = ringback_call_group_search_text(NEW.respondent_name, NEW.respondent_email,
      NEW.respondent_phone_number, form_title, NEW.answers)
  WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS form_submissions_to_group ON form_submissions;
--> statement-breakpoint
CREATE TRIGGER form_submissions_to_group AFTER UPDATE OF respondent_name, respondent_email,
  respondent_phone_number, answers ON form_submissions
  FOR EACH ROW EXECUTE FUNCTION ringback_submission_to_group();
--> statement-breakpoint
-- One group in or out of both counters: its assistant, status and UTC day, in its shard. A
-- removal only updates (never inserts), so deleting an organization — whose counters cascade
-- away first or after — cannot fail on them.
CREATE OR REPLACE FUNCTION ringback_count_call_group(org text, assistant uuid, status text,
  at timestamptz, group_id uuid, delta integer) RETURNS void AS $$
DECLARE
  key uuid := coalesce(assistant, '00000000-0000-0000-0000-000000000000'::uuid);
  part integer := hashtext(group_id::text) & 15;
  on_day date := (at AT TIME ZONE 'UTC')::date;
BEGIN
  IF delta < 0 THEN
    UPDATE call_group_counts SET groups = groups + delta
    WHERE organization_id = org AND assistant_key = key AND latest_status = status
      AND shard = part;
    UPDATE call_group_day_counts SET groups = groups + delta
    WHERE organization_id = org AND assistant_key = key AND day = on_day
      AND latest_status = status AND shard = part;
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
CREATE OR REPLACE FUNCTION ringback_call_group_counts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.latest_status = OLD.latest_status
     AND NEW.organization_id = OLD.organization_id
     AND NEW.assistant_id IS NOT DISTINCT FROM OLD.assistant_id
     AND (NEW.latest_call_at AT TIME ZONE 'UTC')::date = (OLD.latest_call_at AT TIME ZONE 'UTC')::date THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ringback_count_call_group(OLD.organization_id, OLD.assistant_id, OLD.latest_status,
      OLD.latest_call_at, OLD.id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ringback_count_call_group(NEW.organization_id, NEW.assistant_id, NEW.latest_status,
      NEW.latest_call_at, NEW.id, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS call_groups_counts ON call_groups;
--> statement-breakpoint
CREATE TRIGGER call_groups_counts AFTER INSERT
  OR UPDATE OF latest_status, organization_id, assistant_id, latest_call_at OR DELETE
  ON call_groups FOR EACH ROW EXECUTE FUNCTION ringback_call_group_counts();
--> statement-breakpoint
-- The groups that exist already: their search text, and both counters from scratch.
UPDATE call_groups g SET search_text = ringback_call_group_search_text(g.respondent_name,
  g.respondent_email, g.respondent_phone_number, g.form_title,
  (SELECT s.answers FROM form_submissions s WHERE s.id = g.submission_id));
--> statement-breakpoint
DELETE FROM call_group_counts;
--> statement-breakpoint
INSERT INTO call_group_counts (organization_id, assistant_key, latest_status, shard, groups)
SELECT organization_id, coalesce(assistant_id, '00000000-0000-0000-0000-000000000000'::uuid),
  latest_status, hashtext(id::text) & 15, count(*)
FROM call_groups GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO call_group_day_counts (organization_id, assistant_key, day, latest_status, shard,
  groups)
SELECT organization_id, coalesce(assistant_id, '00000000-0000-0000-0000-000000000000'::uuid),
  (latest_call_at AT TIME ZONE 'UTC')::date, latest_status, hashtext(id::text) & 15, count(*)
FROM call_groups GROUP BY 1, 2, 3, 4, 5;
