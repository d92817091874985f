ALTER TABLE "form_assistants" ADD COLUMN "form_public_url" text;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "form_edit_url" text;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "max_attempts" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "retry_delay_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "calling_window_start" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "calling_window_end" text DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "default_time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "voicemail_action" text DEFAULT 'hang_up' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assistants" ADD COLUMN "voicemail_message" text;