-- call_group_counts follows call_groups: +1 for a group's status when it appears or takes that
-- status, -1 when it leaves it. A removal only updates (never inserts), so deleting an
-- organization — whose counters cascade away first or after — cannot fail on them.
CREATE OR REPLACE FUNCTION ringback_call_group_counts() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE' AND NEW.latest_status = OLD.latest_status
       AND NEW.organization_id = OLD.organization_id THEN
      RETURN NULL;
    END IF;
    UPDATE call_group_counts SET groups = groups - 1
    WHERE organization_id = OLD.organization_id AND latest_status = OLD.latest_status
      AND shard = (hashtext(OLD.id::text) & 15);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO call_group_counts AS c (organization_id, latest_status, shard, groups)
    VALUES (NEW.organization_id, NEW.latest_status, hashtext(NEW.id::text) & 15, 1)
    ON CONFLICT (organization_id, latest_status, shard) DO UPDATE SET groups = c.groups + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER call_groups_counts AFTER INSERT OR UPDATE OF latest_status, organization_id OR DELETE
  ON call_groups FOR EACH ROW EXECUTE FUNCTION ringback_call_group_counts();
--> statement-breakpoint
INSERT INTO call_group_counts (organization_id, latest_status, shard, groups)
SELECT organization_id, latest_status, hashtext(id::text) & 15, count(*)
FROM call_groups GROUP BY 1, 2, 3;
