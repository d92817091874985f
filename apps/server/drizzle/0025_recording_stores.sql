CREATE TABLE "recording_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "recording_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "recording_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store" text NOT NULL,
	"key" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" bigint NOT NULL,
	"chunk_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "recording_store" text;--> statement-breakpoint
ALTER TABLE "recording_chunks" ADD CONSTRAINT "recording_chunks_key_recording_objects_key_fk" FOREIGN KEY ("key") REFERENCES "public"."recording_objects"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_records_recording_key_idx" ON "call_records" USING btree ("recording_key") WHERE "call_records"."recording_key" is not null;--> statement-breakpoint
CREATE INDEX "call_records_recording_age_idx" ON "call_records" USING btree ("organization_id","final_at") WHERE "call_records"."recording_key" is not null;--> statement-breakpoint
-- Audio does not compress: keep chunks out of line without trying (issue 17 §1).
ALTER TABLE "recording_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Recordings copied before stores had names are on local disk.
UPDATE "call_records" SET "recording_store" = 'local' WHERE "recording_key" IS NOT NULL;--> statement-breakpoint
-- Every way a stored recording stops being named — its call record deleted (by a user, with its
-- assistant or organization, by retention) or moved to another store — queues the object for
-- deletion; the recordings.purge job deletes it where no row names it any more (issue 17 §2).
CREATE OR REPLACE FUNCTION ringback_recording_released() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.recording_key IS NOT NULL THEN
      INSERT INTO recording_deletions (store, key)
        VALUES (coalesce(OLD.recording_store, 'local'), OLD.recording_key);
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.recording_key IS NOT NULL AND (NEW.recording_key IS DISTINCT FROM OLD.recording_key
      OR coalesce(NEW.recording_store, 'local') IS DISTINCT FROM coalesce(OLD.recording_store, 'local')) THEN
    INSERT INTO recording_deletions (store, key)
      VALUES (coalesce(OLD.recording_store, 'local'), OLD.recording_key);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER call_records_recording_released
  AFTER DELETE OR UPDATE OF recording_key, recording_store ON call_records
  FOR EACH ROW EXECUTE FUNCTION ringback_recording_released();
