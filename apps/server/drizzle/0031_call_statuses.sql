ALTER TABLE "call_groups" ADD COLUMN "lead_outcome" text DEFAULT 'not-reached-yet' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_groups" ADD COLUMN "attempt_statuses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "ended_reason" text;--> statement-breakpoint
CREATE INDEX "call_groups_org_lead_outcome_latest_idx" ON "call_groups" USING btree ("organization_id","lead_outcome","latest_call_at","id");--> statement-breakpoint
CREATE INDEX "call_groups_attempt_statuses_idx" ON "call_groups" USING gin ("attempt_statuses");--> statement-breakpoint
-- One status model (ADR 0025): an attempt's status says where it is or how it ended, its
-- ended_reason why, and a group's lead_outcome what all its attempts came to. This function is
-- the database's copy of leadOutcomeOf (packages/contracts/src/call-status.ts): first match wins.
CREATE OR REPLACE FUNCTION ringback_lead_outcome(statuses text[], reasons text[])
RETURNS text AS $$
  SELECT CASE
    WHEN reasons && ARRAY['asked-not-to-call', 'blocked-dnc'] THEN 'opted-out'
    WHEN reasons && ARRAY['transferred'] THEN 'transferred'
    WHEN statuses && ARRAY['answered'] THEN 'reached'
    WHEN reasons && ARRAY['voicemail-message-left'] THEN 'voicemail-left'
    WHEN statuses && ARRAY['scheduled', 'dialling', 'ringing', 'in-progress'] THEN 'not-reached-yet'
    ELSE 'not-reached'
  END;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- The group keeps its lead outcome and the statuses of all its attempts (the filter by status
-- finds earlier attempts, not only the latest).
CREATE OR REPLACE FUNCTION ringback_refresh_call_group(group_key uuid, by_submission boolean)
RETURNS void AS $$
DECLARE
  attempts integer;
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
    SELECT count(*), coalesce(sum(coalesce(duration, 0)), 0),
        coalesce(array_agg(DISTINCT status), '{}'),
        coalesce(array_agg(DISTINCT ended_reason) FILTER (WHERE ended_reason IS NOT NULL), '{}')
      INTO attempts, total, statuses, reasons
      FROM call_records WHERE submission_id = group_key;
    SELECT * INTO latest FROM call_records WHERE submission_id = group_key
      ORDER BY call_attempt DESC, created_at DESC, id DESC LIMIT 1;
    -- The outcomes of the latest call that has some: usually the answered one.
    SELECT outcomes INTO group_outcomes FROM call_records
      WHERE submission_id = group_key AND outcomes IS NOT NULL
      ORDER BY call_attempt DESC, created_at DESC, id DESC LIMIT 1;
  ELSE
    SELECT count(*), coalesce(sum(coalesce(duration, 0)), 0),
        coalesce(array_agg(DISTINCT status), '{}'),
        coalesce(array_agg(DISTINCT ended_reason) FILTER (WHERE ended_reason IS NOT NULL), '{}')
      INTO attempts, total, statuses, reasons
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
      attempt_count, latest_call_id, latest_status, lead_outcome, attempt_statuses,
      latest_call_at, total_duration, outcomes, is_test)
  VALUES (group_key, latest.organization_id, submission.id, assistant.id, assistant.name,
      assistant.form_title, submission.respondent_name, submission.respondent_email,
      submission.respondent_phone_number,
      ringback_call_group_search_text(submission.respondent_name, submission.respondent_email,
        submission.respondent_phone_number, assistant.form_title, submission.answers),
      attempts, latest.id, latest.status, ringback_lead_outcome(statuses, reasons), statuses,
      date_trunc('milliseconds', latest.created_at), total, group_outcomes, latest.is_test);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A changed ended reason changes the group's lead outcome.
CREATE OR REPLACE FUNCTION ringback_call_records_to_groups() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.status IS NOT DISTINCT FROM OLD.status
     AND NEW.ended_reason IS NOT DISTINCT FROM OLD.ended_reason
     AND NEW.duration IS NOT DISTINCT FROM OLD.duration
     AND NEW.call_attempt IS NOT DISTINCT FROM OLD.call_attempt
     AND NEW.submission_id IS NOT DISTINCT FROM OLD.submission_id
     AND NEW.outcomes IS NOT DISTINCT FROM OLD.outcomes THEN
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
-- Calls stored before: their statuses in the new model. 'completed' was a call that ended
-- without a person: voicemail when the platform detected one, otherwise connected with no one
-- speaking. Refused and canceled attempts kept their reason in error_message. The triggers move
-- every counter and group with the rows.
UPDATE call_records SET
  status = CASE
    WHEN status = 'in-progress' AND dial_state = 'scheduled' THEN 'scheduled'
    WHEN status = 'in-progress' AND dial_state = 'canceled' THEN 'canceled'
    WHEN status = 'in-progress' AND dial_state = 'dialed' AND live_phase = 'ringing' THEN 'ringing'
    WHEN status = 'in-progress' AND dial_state = 'dialed' AND live_phase = 'in-progress'
      THEN 'in-progress'
    WHEN status = 'in-progress' THEN 'dialling'
    WHEN status = 'completed' AND answered_by = 'voicemail' THEN 'voicemail'
    WHEN status = 'completed' THEN 'no-answer'
    WHEN status = 'invalid-number' THEN 'failed'
    WHEN status LIKE 'blocked-%' THEN 'not-called'
    WHEN status = 'failed' AND error_message = 'Canceled: the assistant was deactivated'
      THEN 'canceled'
    WHEN status = 'failed' AND error_message LIKE 'No voice provider is set up%' THEN 'not-called'
    ELSE status
  END,
  ended_reason = CASE
    WHEN status = 'completed' AND answered_by = 'voicemail' THEN NULL
    WHEN status = 'completed' THEN 'no-one-spoke'
    WHEN status = 'invalid-number' THEN 'invalid-number'
    WHEN status LIKE 'blocked-%' THEN status
    WHEN status = 'failed' AND error_message = 'Canceled: the assistant was deactivated'
      THEN 'assistant-deactivated'
    WHEN status = 'failed' AND error_message LIKE 'No voice provider is set up%'
      THEN 'no-voice-platform'
    WHEN status = 'busy' THEN 'busy'
    WHEN status = 'no-answer' THEN 'no-answer'
    ELSE NULL
  END
WHERE status IN ('in-progress', 'completed', 'invalid-number', 'failed', 'busy', 'no-answer')
   OR status LIKE 'blocked-%';
--> statement-breakpoint
-- The person asked on the call not to be called again.
UPDATE call_records SET ended_reason = 'asked-not-to-call'
FROM do_not_call_entries d
WHERE d.call_record_id = call_records.id AND call_records.ended_reason IS DISTINCT FROM 'asked-not-to-call';
--> statement-breakpoint
-- Groups the updates did not touch (answered calls only): their lead outcome and statuses.
UPDATE call_groups g SET
  attempt_statuses = s.statuses,
  lead_outcome = ringback_lead_outcome(s.statuses, s.reasons)
FROM (
  SELECT coalesce(submission_id, id) AS group_id,
    array_agg(DISTINCT status) AS statuses,
    coalesce(array_agg(DISTINCT ended_reason) FILTER (WHERE ended_reason IS NOT NULL), '{}')
      AS reasons
  FROM call_records GROUP BY coalesce(submission_id, id)
) s
WHERE g.id = s.group_id AND g.attempt_statuses = '{}';
