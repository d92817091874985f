ALTER TABLE "call_records" ADD COLUMN "recording_key" text;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "recording_content_type" text;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "recording_bytes" integer;--> statement-breakpoint
CREATE INDEX "call_records_recording_pending_idx" ON "call_records" USING btree ("final_at") WHERE "call_records"."recording_url" is not null and "call_records"."recording_key" is null;