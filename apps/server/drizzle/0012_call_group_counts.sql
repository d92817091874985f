CREATE TABLE "call_group_counts" (
	"organization_id" text NOT NULL,
	"latest_status" text NOT NULL,
	"shard" integer NOT NULL,
	"groups" integer NOT NULL,
	CONSTRAINT "call_group_counts_organization_id_latest_status_shard_pk" PRIMARY KEY("organization_id","latest_status","shard")
);
--> statement-breakpoint
ALTER TABLE "call_group_counts" ADD CONSTRAINT "call_group_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;