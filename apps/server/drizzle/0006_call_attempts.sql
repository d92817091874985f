ALTER TABLE "call_records" ADD COLUMN "dial_state" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "scheduled_for" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "dial_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "final_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "call_records_due_idx" ON "call_records" USING btree ("scheduled_for") WHERE "call_records"."dial_state" in ('scheduled', 'dialing');