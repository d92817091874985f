CREATE TABLE "call_simulator"."objects" (
	"id" text PRIMARY KEY NOT NULL,
	"dialect" text NOT NULL,
	"api_key_hash" text NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_agents" (
	"connection_id" uuid NOT NULL,
	"assistant_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"llm_id" text,
	"settings_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_agents_connection_id_assistant_id_pk" PRIMARY KEY("connection_id","assistant_id")
);
--> statement-breakpoint
CREATE TABLE "voice_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"api_key_encrypted" text,
	"api_key_hint" text,
	"webhook_secret_encrypted" text,
	"caller_number" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "call_simulator"."calls" ADD COLUMN "dialect" text DEFAULT 'bland' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_simulator"."calls" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "call_simulator"."calls" ADD COLUMN "webhooks" jsonb;--> statement-breakpoint
ALTER TABLE "call_simulator"."calls" ADD COLUMN "webhooks_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_groups" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "voice_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "live_phase" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "voice_provider" text;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "voice_id" text;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "voice_name" text;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "max_call_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "transfer_number" text;--> statement-breakpoint
ALTER TABLE "voice_agents" ADD CONSTRAINT "voice_agents_connection_id_voice_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."voice_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agents" ADD CONSTRAINT "voice_agents_assistant_id_form_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."form_assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agents" ADD CONSTRAINT "voice_agents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_connections" ADD CONSTRAINT "voice_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_connections" ADD CONSTRAINT "voice_connections_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objects_account_kind_idx" ON "call_simulator"."objects" USING btree ("api_key_hash","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "voice_connections_current_idx" ON "voice_connections" USING btree ("organization_id") WHERE "voice_connections"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "voice_connections_org_created_idx" ON "voice_connections" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_voice_connection_id_voice_connections_id_fk" FOREIGN KEY ("voice_connection_id") REFERENCES "public"."voice_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_records_connection_open_idx" ON "call_records" USING btree ("voice_connection_id") WHERE "call_records"."final_at" is null and "call_records"."voice_connection_id" is not null;
--> statement-breakpoint
-- Issue 15: calls placed before this migration that the call simulator played are marked so.
UPDATE call_records SET simulated = true
WHERE provider_call_id IN (SELECT call_id::text FROM call_simulator.calls);
--> statement-breakpoint
-- Issue 15 §5: a test call's group is marked (copied from its first call: is_test never changes).
CREATE OR REPLACE FUNCTION ringback_refresh_call_group(group_key uuid, by_submission boolean)
RETURNS void AS $$
DECLARE
  attempts integer;
  total integer;
  latest call_records%ROWTYPE;
  group_outcomes jsonb;
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
    -- The outcomes of the latest call that has some (issue 14): usually the answered one.
    SELECT outcomes INTO group_outcomes FROM call_records
      WHERE submission_id = group_key AND outcomes IS NOT NULL
      ORDER BY call_attempt DESC, created_at DESC, id DESC LIMIT 1;
  ELSE
    SELECT count(*), coalesce(sum(coalesce(duration, 0)), 0) INTO attempts, total
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
      attempt_count, latest_call_id, latest_status, latest_call_at, total_duration, outcomes,
      is_test)
  VALUES (group_key, latest.organization_id, submission.id, assistant.id, assistant.name,
      assistant.form_title, submission.respondent_name, submission.respondent_email,
      submission.respondent_phone_number,
      ringback_call_group_search_text(submission.respondent_name, submission.respondent_email,
        submission.respondent_phone_number, assistant.form_title, submission.answers),
      attempts, latest.id, latest.status, date_trunc('milliseconds', latest.created_at), total,
      group_outcomes, latest.is_test);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Issue 15 §5: test calls are left out of the dashboard's counters (Call Records still counts
-- them: call_group_counts is its total).
CREATE OR REPLACE FUNCTION ringback_call_record_bin_counts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.id = OLD.id
     AND NEW.organization_id = OLD.organization_id
     AND NEW.assistant_id IS NOT DISTINCT FROM OLD.assistant_id
     AND date_bin('15 minutes', NEW.created_at, timestamptz '2000-01-01 00:00:00+00')
       = date_bin('15 minutes', OLD.created_at, timestamptz '2000-01-01 00:00:00+00') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_test THEN
    PERFORM ringback_count_call_record(OLD.organization_id, OLD.assistant_id, OLD.status,
      OLD.created_at, OLD.id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_test THEN
    PERFORM ringback_count_call_record(NEW.organization_id, NEW.assistant_id, NEW.status,
      NEW.created_at, NEW.id, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_call_group_outcome_counts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (
      (NEW.outcomes IS NULL AND OLD.outcomes IS NULL)
      OR (NEW.outcomes = OLD.outcomes AND NEW.id = OLD.id
        AND NEW.organization_id = OLD.organization_id
        AND NEW.assistant_id IS NOT DISTINCT FROM OLD.assistant_id
        AND date_bin('15 minutes', NEW.latest_call_at, timestamptz '2000-01-01 00:00:00+00')
          = date_bin('15 minutes', OLD.latest_call_at, timestamptz '2000-01-01 00:00:00+00'))) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_test THEN
    PERFORM ringback_count_call_group_outcomes(OLD.organization_id, OLD.assistant_id,
      OLD.outcomes, OLD.latest_call_at, OLD.id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_test THEN
    PERFORM ringback_count_call_group_outcomes(NEW.organization_id, NEW.assistant_id,
      NEW.outcomes, NEW.latest_call_at, NEW.id, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
