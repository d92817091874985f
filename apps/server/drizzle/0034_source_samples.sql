-- A form source without an API to read fields from (a URL and a secret) learns them from a
-- sample submission sent to the assistant's URL before activation (docs/decisions/0027-integration-folders.md).
ALTER TABLE "form_assistants" ADD COLUMN "sample_fields" jsonb;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "sample_received_at" timestamp with time zone;