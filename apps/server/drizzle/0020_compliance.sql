CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "do_not_call_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"added_by_user_id" text,
	"call_record_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opt_out_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_call_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"max_calls_per_number_per_day" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "first_sentence" text DEFAULT 'Hi {name}, this is {assistant}, an AI assistant calling from {company} about the form you filled in. This call may be recorded.' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "skip_sundays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "skip_holidays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "form_last_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "availability_question" jsonb;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call_entries" ADD CONSTRAINT "do_not_call_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call_entries" ADD CONSTRAINT "do_not_call_entries_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call_entries" ADD CONSTRAINT "do_not_call_entries_call_record_id_call_records_id_fk" FOREIGN KEY ("call_record_id") REFERENCES "public"."call_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_call_settings" ADD CONSTRAINT "organization_call_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_org_created_idx" ON "audit_events" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_call_entries_org_phone_idx" ON "do_not_call_entries" USING btree ("organization_id","phone_number");--> statement-breakpoint
CREATE INDEX "do_not_call_entries_org_created_idx" ON "do_not_call_entries" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "do_not_call_entries_search_idx" ON "do_not_call_entries" USING gin (("phone_number" || ' ' || lower("reason")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opt_out_codes_phone_idx" ON "opt_out_codes" USING btree ("phone_number","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_submissions_phone_idx" ON "form_submissions" USING btree ("respondent_phone_number","organization_id");--> statement-breakpoint
-- Consent evidence is written once, at ingest, and never changed (issue 13 §1).
CREATE FUNCTION ringback_consent_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.consent IS NOT NULL AND NEW.consent IS DISTINCT FROM OLD.consent THEN
    RAISE EXCEPTION 'consent evidence is immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER form_submissions_consent_immutable BEFORE UPDATE OF consent ON form_submissions
  FOR EACH ROW EXECUTE FUNCTION ringback_consent_immutable();--> statement-breakpoint
-- The audit trail is append-only: rows go only with their organization (issue 13 §9).
CREATE FUNCTION ringback_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit trail is append-only' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION ringback_audit_append_only();
