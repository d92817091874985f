-- The webhook delivery log is live: a new delivery, and every change to what the log shows of one
-- (its status, attempts and the last attempt's response or error), is announced on
-- 'ringback_changes' with 0007's function and payload ({organization_id, table, id}), so the
-- Webhooks page refetches its log instead of waiting for a reload. Only those columns: a lease or
-- a deferral moving next_attempt_at alone (the sweeper, a busy endpoint) announces nothing.
CREATE TRIGGER webhook_deliveries_notify_insert AFTER INSERT ON webhook_deliveries
  FOR EACH ROW EXECUTE FUNCTION ringback_notify_change();
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_notify_change
  AFTER UPDATE OF status, attempts, response_status, response_body, error ON webhook_deliveries
  FOR EACH ROW
  WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.attempts IS DISTINCT FROM NEW.attempts
    OR OLD.response_status IS DISTINCT FROM NEW.response_status
    OR OLD.response_body IS DISTINCT FROM NEW.response_body
    OR OLD.error IS DISTINCT FROM NEW.error
  )
  EXECUTE FUNCTION ringback_notify_change();
