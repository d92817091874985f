-- Realtime (issue 6 §8): every change to a call record or a submission is announced on the
-- 'ringback_changes' channel with its organization, so every server process can push it to that
-- organization's browsers. The payload is small on purpose: clients refetch what they show.
CREATE OR REPLACE FUNCTION ringback_notify_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'ringback_changes',
    json_build_object('organization_id', NEW.organization_id, 'table', TG_TABLE_NAME, 'id', NEW.id)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER call_records_notify_change AFTER INSERT OR UPDATE ON call_records
  FOR EACH ROW EXECUTE FUNCTION ringback_notify_change();
--> statement-breakpoint
CREATE TRIGGER form_submissions_notify_change AFTER INSERT OR UPDATE ON form_submissions
  FOR EACH ROW EXECUTE FUNCTION ringback_notify_change();
