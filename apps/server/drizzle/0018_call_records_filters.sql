-- drizzle-kit put the new primary key before its column; reordered by hand.
CREATE TABLE "call_group_day_counts" (
	"organization_id" text NOT NULL,
	"assistant_key" uuid NOT NULL,
	"day" date NOT NULL,
	"latest_status" text NOT NULL,
	"shard" integer NOT NULL,
	"groups" integer NOT NULL,
	CONSTRAINT "call_group_day_counts_organization_id_assistant_key_day_latest_status_shard_pk" PRIMARY KEY("organization_id","assistant_key","day","latest_status","shard")
);
--> statement-breakpoint
ALTER TABLE "call_group_counts" DROP CONSTRAINT "call_group_counts_organization_id_latest_status_shard_pk";--> statement-breakpoint
ALTER TABLE "call_group_counts" ADD COLUMN "assistant_key" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_group_counts" ADD CONSTRAINT "call_group_counts_organization_id_assistant_key_latest_status_shard_pk" PRIMARY KEY("organization_id","assistant_key","latest_status","shard");--> statement-breakpoint
ALTER TABLE "call_group_day_counts" ADD CONSTRAINT "call_group_day_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_group_day_counts_org_day_idx" ON "call_group_day_counts" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "call_groups_org_assistant_latest_idx" ON "call_groups" USING btree ("organization_id","assistant_id","latest_call_at","id");--> statement-breakpoint
CREATE INDEX "call_groups_org_assistant_status_latest_idx" ON "call_groups" USING btree ("organization_id","assistant_id","latest_status","latest_call_at","id");--> statement-breakpoint
CREATE INDEX "call_groups_org_assistant_duration_idx" ON "call_groups" USING btree ("organization_id","assistant_id","total_duration","latest_call_at","id");--> statement-breakpoint
CREATE INDEX "call_groups_org_assistant_status_duration_idx" ON "call_groups" USING btree ("organization_id","assistant_id","latest_status","total_duration","latest_call_at","id");