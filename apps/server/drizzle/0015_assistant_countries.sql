ALTER TABLE "form_assistants" ADD COLUMN "default_country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "phone_default_country" text;