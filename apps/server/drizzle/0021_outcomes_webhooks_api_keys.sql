CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"response_body" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret_encrypted" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_groups" ADD COLUMN "outcomes" jsonb;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "outcomes" jsonb;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "outcome_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_org_idx" ON "webhook_endpoints" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "call_groups_outcomes_idx" ON "call_groups" USING gin ("outcomes" jsonb_path_ops);--> statement-breakpoint
-- Issue 14: a group carries its latest answered call's outcomes (filterable in Call Records).
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
      attempt_count, latest_call_id, latest_status, latest_call_at, total_duration, outcomes)
  VALUES (group_key, latest.organization_id, submission.id, assistant.id, assistant.name,
      assistant.form_title, submission.respondent_name, submission.respondent_email,
      submission.respondent_phone_number,
      ringback_call_group_search_text(submission.respondent_name, submission.respondent_email,
        submission.respondent_phone_number, assistant.form_title, submission.answers),
      attempts, latest.id, latest.status, date_trunc('milliseconds', latest.created_at), total,
      group_outcomes);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_call_records_to_groups() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.status IS NOT DISTINCT FROM OLD.status
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
