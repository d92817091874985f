ALTER TABLE "organization_call_settings" ADD COLUMN "recording_retention_days" integer DEFAULT 90;--> statement-breakpoint
ALTER TABLE "organization_call_settings" ADD COLUMN "transcript_retention_days" integer;--> statement-breakpoint
CREATE INDEX "call_records_transcript_age_idx" ON "call_records" USING btree ("organization_id","final_at") WHERE "call_records"."transcript_json" is not null;