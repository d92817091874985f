CREATE TABLE "call_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"submission_id" uuid,
	"assistant_id" uuid,
	"assistant_name" text,
	"form_title" text,
	"respondent_name" text,
	"respondent_email" text,
	"respondent_phone_number" text,
	"search_text" text DEFAULT '' NOT NULL,
	"attempt_count" integer NOT NULL,
	"latest_call_id" uuid NOT NULL,
	"latest_status" text NOT NULL,
	"latest_call_at" timestamp with time zone NOT NULL,
	"total_duration" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_groups" ADD CONSTRAINT "call_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_groups" ADD CONSTRAINT "call_groups_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_groups" ADD CONSTRAINT "call_groups_assistant_id_form_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."form_assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_groups_org_latest_idx" ON "call_groups" USING btree ("organization_id","latest_call_at","id");--> statement-breakpoint
CREATE INDEX "call_groups_org_status_latest_idx" ON "call_groups" USING btree ("organization_id","latest_status","latest_call_at","id");--> statement-breakpoint
CREATE INDEX "call_groups_org_duration_idx" ON "call_groups" USING btree ("organization_id","total_duration","latest_call_at","id");--> statement-breakpoint
CREATE INDEX "call_groups_org_status_duration_idx" ON "call_groups" USING btree ("organization_id","latest_status","total_duration","latest_call_at","id");