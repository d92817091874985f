-- The audit trail's filters: by who made the change (a member's user id, or null for Ringback
-- itself) and by kind (a few actions each), newest first and paged by (created_at, id) as the
-- unfiltered trail is by audit_events_org_created_idx. The date range uses that index.
CREATE INDEX "audit_events_org_actor_created_idx" ON "audit_events" USING btree ("organization_id","actor_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_org_action_created_idx" ON "audit_events" USING btree ("organization_id","action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
