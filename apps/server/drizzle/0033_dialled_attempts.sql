-- How many of a lead's attempts were dialled: handed to a voice platform, whatever came of it.
-- A scheduled, canceled or not-called attempt was never dialled, so the dashboard's "Unique
-- Forms Called" and "Avg. Attempts per Form" count only calls that were made
-- (docs/decisions/0025-call-statuses.md).
ALTER TABLE "call_groups" ADD COLUMN "dialled_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_refresh_call_group(group_key uuid, by_submission boolean)
RETURNS void AS $$
DECLARE
  attempts integer;
  dialled integer;
  total integer;
  statuses text[];
  reasons text[];
  latest call_records%ROWTYPE;
  group_outcomes jsonb;
  submission form_submissions%ROWTYPE;
  assistant form_assistants%ROWTYPE;
BEGIN
  -- One refresh of a group at a time: the second waits, then reads what the first committed.
  PERFORM pg_advisory_xact_lock(hashtextextended('call_group:' || group_key::text, 0));
  IF by_submission THEN
    SELECT count(*),
        count(*) FILTER (WHERE status NOT IN ('scheduled', 'canceled', 'not-called')),
        coalesce(sum(coalesce(duration, 0)), 0),
        coalesce(array_agg(DISTINCT status), '{}'),
        coalesce(array_agg(DISTINCT ended_reason) FILTER (WHERE ended_reason IS NOT NULL), '{}')
      INTO attempts, dialled, total, statuses, reasons
      FROM call_records WHERE submission_id = group_key;
    SELECT * INTO latest FROM call_records WHERE submission_id = group_key
      ORDER BY call_attempt DESC, created_at DESC, id DESC LIMIT 1;
    -- The outcomes of the latest call that has some: usually the answered one.
    SELECT outcomes INTO group_outcomes FROM call_records
      WHERE submission_id = group_key AND outcomes IS NOT NULL
      ORDER BY call_attempt DESC, created_at DESC, id DESC LIMIT 1;
  ELSE
    SELECT count(*),
        count(*) FILTER (WHERE status NOT IN ('scheduled', 'canceled', 'not-called')),
        coalesce(sum(coalesce(duration, 0)), 0),
        coalesce(array_agg(DISTINCT status), '{}'),
        coalesce(array_agg(DISTINCT ended_reason) FILTER (WHERE ended_reason IS NOT NULL), '{}')
      INTO attempts, dialled, total, statuses, reasons
      FROM call_records WHERE id = group_key AND submission_id IS NULL;
    SELECT * INTO latest FROM call_records WHERE id = group_key AND submission_id IS NULL;
    group_outcomes := latest.outcomes;
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
    dialled_count = dialled,
    latest_call_id = latest.id,
    latest_status = latest.status,
    lead_outcome = ringback_lead_outcome(statuses, reasons),
    attempt_statuses = statuses,
    latest_call_at = date_trunc('milliseconds', latest.created_at),
    total_duration = total,
    outcomes = group_outcomes,
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
      attempt_count, dialled_count, latest_call_id, latest_status, lead_outcome,
      attempt_statuses, latest_call_at, total_duration, outcomes, is_test)
  VALUES (group_key, latest.organization_id, submission.id, assistant.id, assistant.name,
      assistant.form_title, submission.respondent_name, submission.respondent_email,
      submission.respondent_phone_number,
      ringback_call_group_search_text(submission.respondent_name, submission.respondent_email,
        submission.respondent_phone_number, assistant.form_title, submission.answers),
      attempts, dialled, latest.id, latest.status, ringback_lead_outcome(statuses, reasons),
      statuses,
      date_trunc('milliseconds', latest.created_at), total, group_outcomes, latest.is_test);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Groups stored before: their dialled attempts counted once.
UPDATE call_groups g SET dialled_count = s.dialled
FROM (
  SELECT coalesce(submission_id, id) AS group_id,
    count(*) FILTER (WHERE status NOT IN ('scheduled', 'canceled', 'not-called')) AS dialled
  FROM call_records GROUP BY coalesce(submission_id, id)
) s
WHERE g.id = s.group_id AND g.dialled_count IS DISTINCT FROM s.dialled;
