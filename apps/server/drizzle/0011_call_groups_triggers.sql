-- Call Records' read model (issue 7): call_groups is kept by these triggers, so that every writer
-- (the call engine, imports, a person with psql) keeps it right. One group per submission; a
-- call record without a submission is a group of its own (its id is the group's id).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- Substring search (respondent name, email, form title) within one organization.
CREATE INDEX IF NOT EXISTS call_groups_org_search_idx ON call_groups
  USING gin (organization_id, search_text gin_trgm_ops);
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
  INSERT INTO call_groups AS g (id, organization_id, submission_id, assistant_id, assistant_name,
      form_title, respondent_name, respondent_email, respondent_phone_number, search_text,
      attempt_count, latest_call_id, latest_status, latest_call_at, total_duration)
  VALUES (group_key, latest.organization_id, submission.id, assistant.id, assistant.name,
      assistant.form_title, submission.respondent_name, submission.respondent_email,
      submission.respondent_phone_number,
      lower(concat_ws(' ', submission.respondent_name, submission.respondent_email,
        assistant.form_title)),
      attempts, latest.id, latest.status, date_trunc('milliseconds', latest.created_at), total)
  ON CONFLICT (id) DO UPDATE SET
    attempt_count = EXCLUDED.attempt_count,
    latest_call_id = EXCLUDED.latest_call_id,
    latest_status = EXCLUDED.latest_status,
    latest_call_at = EXCLUDED.latest_call_at,
    total_duration = EXCLUDED.total_duration,
    -- The names and title are those of the group's first call: a form changed later does not
    -- rename earlier calls.
    assistant_id = coalesce(g.assistant_id, EXCLUDED.assistant_id),
    assistant_name = coalesce(g.assistant_name, EXCLUDED.assistant_name),
    form_title = coalesce(g.form_title, EXCLUDED.form_title);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_call_records_to_groups() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.status IS NOT DISTINCT FROM OLD.status
     AND NEW.duration IS NOT DISTINCT FROM OLD.duration
     AND NEW.call_attempt IS NOT DISTINCT FROM OLD.call_attempt
     AND NEW.submission_id IS NOT DISTINCT FROM OLD.submission_id THEN
    RETURN NULL; -- nothing the list shows has changed
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ringback_refresh_call_group(coalesce(OLD.submission_id, OLD.id), OLD.submission_id IS NOT NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT'
      OR coalesce(NEW.submission_id, NEW.id) IS DISTINCT FROM coalesce(OLD.submission_id, OLD.id)) THEN
    PERFORM ringback_refresh_call_group(coalesce(NEW.submission_id, NEW.id), NEW.submission_id IS NOT NULL);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER call_records_to_groups AFTER INSERT OR UPDATE OR DELETE ON call_records
  FOR EACH ROW EXECUTE FUNCTION ringback_call_records_to_groups();
--> statement-breakpoint
-- A respondent's details corrected on the submission show (and are found) at once.
CREATE OR REPLACE FUNCTION ringback_submission_to_group() RETURNS trigger AS $$
BEGIN
  UPDATE call_groups SET
    respondent_name = NEW.respondent_name,
    respondent_email = NEW.respondent_email,
    respondent_phone_number = NEW.respondent_phone_number,
    search_text = lower(concat_ws(' ', NEW.respondent_name, NEW.respondent_email, form_title))
  WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER form_submissions_to_group AFTER UPDATE OF respondent_name, respondent_email,
  respondent_phone_number ON form_submissions
  FOR EACH ROW EXECUTE FUNCTION ringback_submission_to_group();
--> statement-breakpoint
-- Groups for the call records that exist already.
SELECT ringback_refresh_call_group(key, by_submission)
FROM (SELECT DISTINCT coalesce(submission_id, id) AS key, submission_id IS NOT NULL AS by_submission
      FROM call_records) existing;
