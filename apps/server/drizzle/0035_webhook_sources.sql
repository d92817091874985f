-- A URL-and-secret source's per-assistant settings (how its deliveries are authenticated), and the
-- secret a rotation replaced, accepted until a time (docs/decisions/0028-webhook-sources.md).
ALTER TABLE "form_assistants" ADD COLUMN "source_settings" jsonb;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "previous_webhook_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "previous_webhook_secret_until" timestamp with time zone;