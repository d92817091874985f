-- The backfill of sources with a Responses API (where it reads from), and "call leads up to N hours
-- old" per assistant: an older lead is stored and not called (docs/decisions/0028-webhook-sources.md).
ALTER TABLE "form_assistants" ADD COLUMN "backfill_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "backfilled_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "max_lead_age_hours" integer DEFAULT 24 NOT NULL;