CREATE SCHEMA "call_simulator";
--> statement-breakpoint
CREATE TABLE "call_simulator"."calls" (
	"call_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_key_hash" text,
	"phone_number" text NOT NULL,
	"from_number" text NOT NULL,
	"task" text,
	"first_sentence" text,
	"record" boolean DEFAULT false NOT NULL,
	"request_data" jsonb,
	"metadata" jsonb,
	"webhook_url" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"outcome" text NOT NULL,
	"answered_by" text,
	"call_length" double precision DEFAULT 0 NOT NULL,
	"transcripts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text,
	"error_message" text,
	"recording_url" text,
	"recording" "bytea",
	"answer_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"webhook_body" text,
	"webhook_signature" text,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "calls_created_idx" ON "call_simulator"."calls" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_attempt_id_idx" ON "call_simulator"."calls" USING btree (("metadata"->>'attempt_id'),"created_at" DESC NULLS LAST);