CREATE TABLE "call_group_outcome_counts" (
	"organization_id" text NOT NULL,
	"bin" timestamp with time zone NOT NULL,
	"assistant_key" uuid NOT NULL,
	"outcome_key" text NOT NULL,
	"shard" integer NOT NULL,
	"yes" integer NOT NULL,
	"no" integer NOT NULL,
	CONSTRAINT "call_group_outcome_counts_organization_id_bin_assistant_key_outcome_key_shard_pk" PRIMARY KEY("organization_id","bin","assistant_key","outcome_key","shard")
);
--> statement-breakpoint
CREATE TABLE "call_record_bin_counts" (
	"organization_id" text NOT NULL,
	"bin" timestamp with time zone NOT NULL,
	"assistant_key" uuid NOT NULL,
	"status" text NOT NULL,
	"shard" integer NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "call_record_bin_counts_organization_id_bin_assistant_key_status_shard_pk" PRIMARY KEY("organization_id","bin","assistant_key","status","shard")
);
--> statement-breakpoint
ALTER TABLE "call_group_outcome_counts" ADD CONSTRAINT "call_group_outcome_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_record_bin_counts" ADD CONSTRAINT "call_record_bin_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_group_outcome_counts_unfolded_idx" ON "call_group_outcome_counts" USING btree ("bin") WHERE "call_group_outcome_counts"."shard" <> 0;--> statement-breakpoint
CREATE INDEX "call_record_bin_counts_unfolded_idx" ON "call_record_bin_counts" USING btree ("bin") WHERE "call_record_bin_counts"."shard" <> 0;--> statement-breakpoint
-- Issue 14 §3: the dashboard's counters. call_record_bin_counts follows call_records (calls per
-- 15-minute UTC bin of created_at, assistant and status) and call_group_outcome_counts follows
-- call_groups (leads' latest yes/no answers per bin of latest_call_at and the group's
-- assistant). Both are spread over 16 shards (hashtext of the row's id) so that concurrent calls
-- of one organization do not queue on one counter row, and folded into shard 0 once a bin is old
-- (ringback_fold_dashboard_counts below). A removal only updates (never inserts), so deleting an
-- organization — whose counters cascade away first or after — cannot fail on them; it takes the
-- row's own shard, or shard 0 when the fold has moved that shard there. A total is the sum of
-- its rows, so where the fold has put a call never changes one.
CREATE OR REPLACE FUNCTION ringback_count_call_record(org text, assistant uuid, call_status text,
  created timestamptz, call_id uuid, delta integer) RETURNS void AS $$
DECLARE
  key uuid := coalesce(assistant, '00000000-0000-0000-0000-000000000000'::uuid);
  at_bin timestamptz := date_bin('15 minutes', created, timestamptz '2000-01-01 00:00:00+00');
  part integer := hashtext(call_id::text) & 15;
BEGIN
  IF delta < 0 THEN
    UPDATE call_record_bin_counts SET calls = calls + delta
    WHERE organization_id = org AND bin = at_bin AND assistant_key = key
      AND status = call_status AND shard = part;
    IF NOT FOUND AND part <> 0 THEN
      UPDATE call_record_bin_counts SET calls = calls + delta
      WHERE organization_id = org AND bin = at_bin AND assistant_key = key
        AND status = call_status AND shard = 0;
    END IF;
  ELSE
    INSERT INTO call_record_bin_counts AS c (organization_id, bin, assistant_key, status, shard,
      calls)
    VALUES (org, at_bin, key, call_status, part, delta)
    ON CONFLICT (organization_id, bin, assistant_key, status, shard)
      DO UPDATE SET calls = c.calls + delta;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_call_record_bin_counts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.id = OLD.id
     AND NEW.organization_id = OLD.organization_id
     AND NEW.assistant_id IS NOT DISTINCT FROM OLD.assistant_id
     AND date_bin('15 minutes', NEW.created_at, timestamptz '2000-01-01 00:00:00+00')
       = date_bin('15 minutes', OLD.created_at, timestamptz '2000-01-01 00:00:00+00') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ringback_count_call_record(OLD.organization_id, OLD.assistant_id, OLD.status,
      OLD.created_at, OLD.id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ringback_count_call_record(NEW.organization_id, NEW.assistant_id, NEW.status,
      NEW.created_at, NEW.id, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER call_records_bin_counts AFTER INSERT
  OR UPDATE OF status, assistant_id, created_at, organization_id, id OR DELETE
  ON call_records FOR EACH ROW EXECUTE FUNCTION ringback_call_record_bin_counts();
--> statement-breakpoint
-- One group's yes/no answers in or out of the outcome counters (its other answers are not
-- counted: the dashboard charts yes/no questions only).
CREATE OR REPLACE FUNCTION ringback_count_call_group_outcomes(org text, assistant uuid,
  answers jsonb, latest timestamptz, group_id uuid, delta integer) RETURNS void AS $$
DECLARE
  key uuid := coalesce(assistant, '00000000-0000-0000-0000-000000000000'::uuid);
  at_bin timestamptz := date_bin('15 minutes', latest, timestamptz '2000-01-01 00:00:00+00');
  part integer := hashtext(group_id::text) & 15;
  answer record;
BEGIN
  IF answers IS NULL OR jsonb_typeof(answers) <> 'object' THEN
    RETURN;
  END IF;
  FOR answer IN
    SELECT o.key AS question, CASE WHEN o.value = 'true'::jsonb THEN delta ELSE 0 END AS said_yes,
      CASE WHEN o.value = 'false'::jsonb THEN delta ELSE 0 END AS said_no
    FROM jsonb_each(answers) o WHERE jsonb_typeof(o.value) = 'boolean'
  LOOP
    IF delta < 0 THEN
      UPDATE call_group_outcome_counts SET yes = yes + answer.said_yes, no = no + answer.said_no
      WHERE organization_id = org AND bin = at_bin AND assistant_key = key
        AND outcome_key = answer.question AND shard = part;
      IF NOT FOUND AND part <> 0 THEN
        UPDATE call_group_outcome_counts SET yes = yes + answer.said_yes, no = no + answer.said_no
        WHERE organization_id = org AND bin = at_bin AND assistant_key = key
          AND outcome_key = answer.question AND shard = 0;
      END IF;
    ELSE
      INSERT INTO call_group_outcome_counts AS c (organization_id, bin, assistant_key,
        outcome_key, shard, yes, no)
      VALUES (org, at_bin, key, answer.question, part, answer.said_yes, answer.said_no)
      ON CONFLICT (organization_id, bin, assistant_key, outcome_key, shard)
        DO UPDATE SET yes = c.yes + excluded.yes, no = c.no + excluded.no;
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ringback_call_group_outcome_counts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (
      (NEW.outcomes IS NULL AND OLD.outcomes IS NULL)
      OR (NEW.outcomes = OLD.outcomes AND NEW.id = OLD.id
        AND NEW.organization_id = OLD.organization_id
        AND NEW.assistant_id IS NOT DISTINCT FROM OLD.assistant_id
        AND date_bin('15 minutes', NEW.latest_call_at, timestamptz '2000-01-01 00:00:00+00')
          = date_bin('15 minutes', OLD.latest_call_at, timestamptz '2000-01-01 00:00:00+00'))) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ringback_count_call_group_outcomes(OLD.organization_id, OLD.assistant_id,
      OLD.outcomes, OLD.latest_call_at, OLD.id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ringback_count_call_group_outcomes(NEW.organization_id, NEW.assistant_id,
      NEW.outcomes, NEW.latest_call_at, NEW.id, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER call_groups_outcome_counts AFTER INSERT
  OR UPDATE OF outcomes, latest_call_at, assistant_id, organization_id, id OR DELETE
  ON call_groups FOR EACH ROW EXECUTE FUNCTION ringback_call_group_outcome_counts();
--> statement-breakpoint
-- Moves the shards of the bins before `before` into shard 0, at most `batch` rows of each table
-- per call, and returns the larger of the two numbers of rows moved (the caller calls again
-- while it is `batch`). Rows that another transaction holds are skipped (the next run takes
-- them), and the wait for a shard-0 row is short: a fold gives way (lock_timeout) rather than
-- deadlock with a large change such as an assistant's deletion. Late changes to a folded bin
-- make new shard rows there, which the next fold moves again.
CREATE OR REPLACE FUNCTION ringback_fold_dashboard_counts(before timestamptz, batch integer)
RETURNS integer AS $$
DECLARE
  moved_calls integer;
  moved_answers integer;
BEGIN
  PERFORM set_config('lock_timeout', '200ms', true);
  WITH taken AS (
    SELECT ctid FROM call_record_bin_counts
    WHERE shard <> 0 AND bin < before
    LIMIT batch
    FOR UPDATE SKIP LOCKED
  ), moved AS (
    DELETE FROM call_record_bin_counts c USING taken t WHERE c.ctid = t.ctid
    RETURNING c.organization_id, c.bin, c.assistant_key, c.status, c.calls
  ), folded AS (
    INSERT INTO call_record_bin_counts AS c (organization_id, bin, assistant_key, status, shard,
      calls)
    SELECT organization_id, bin, assistant_key, status, 0, sum(calls) FROM moved
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, bin, assistant_key, status, shard)
      DO UPDATE SET calls = c.calls + excluded.calls
  )
  SELECT count(*) INTO moved_calls FROM moved;
  WITH taken AS (
    SELECT ctid FROM call_group_outcome_counts
    WHERE shard <> 0 AND bin < before
    LIMIT batch
    FOR UPDATE SKIP LOCKED
  ), moved AS (
    DELETE FROM call_group_outcome_counts c USING taken t WHERE c.ctid = t.ctid
    RETURNING c.organization_id, c.bin, c.assistant_key, c.outcome_key, c.yes, c.no
  ), folded AS (
    INSERT INTO call_group_outcome_counts AS c (organization_id, bin, assistant_key, outcome_key,
      shard, yes, no)
    SELECT organization_id, bin, assistant_key, outcome_key, 0, sum(yes), sum(no) FROM moved
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, bin, assistant_key, outcome_key, shard)
      DO UPDATE SET yes = c.yes + excluded.yes, no = c.no + excluded.no
  )
  SELECT count(*) INTO moved_answers FROM moved;
  RETURN greatest(moved_calls, moved_answers);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The calls and groups that exist already, straight into shard 0 (as if folded).
INSERT INTO call_record_bin_counts (organization_id, bin, assistant_key, status, shard, calls)
SELECT organization_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'),
  coalesce(assistant_id, '00000000-0000-0000-0000-000000000000'::uuid), status, 0, count(*)
FROM call_records GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO call_group_outcome_counts (organization_id, bin, assistant_key, outcome_key, shard,
  yes, no)
SELECT g.organization_id,
  date_bin('15 minutes', g.latest_call_at, timestamptz '2000-01-01 00:00:00+00'),
  coalesce(g.assistant_id, '00000000-0000-0000-0000-000000000000'::uuid), o.key, 0,
  count(*) FILTER (WHERE o.value = 'true'::jsonb), count(*) FILTER (WHERE o.value = 'false'::jsonb)
FROM call_groups g
CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(g.outcomes) = 'object' THEN g.outcomes
  ELSE '{}'::jsonb END) o
WHERE jsonb_typeof(o.value) = 'boolean'
GROUP BY 1, 2, 3, 4;
