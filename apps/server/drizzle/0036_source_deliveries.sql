-- "Recent deliveries": each request to an assistant's webhook URL with what Ringback made of it,
-- the last 100 per assistant, bodies for 7 days (docs/decisions/0028-webhook-sources.md).
CREATE TABLE "source_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"assistant_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text NOT NULL,
	"detail" text,
	"http_status" integer NOT NULL,
	"submission_id" uuid,
	"content_type" text,
	"body" text,
	"body_bytes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_deliveries" ADD CONSTRAINT "source_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_deliveries" ADD CONSTRAINT "source_deliveries_assistant_id_form_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."form_assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_deliveries_assistant_idx" ON "source_deliveries" USING btree ("assistant_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "source_deliveries_body_idx" ON "source_deliveries" USING btree ("received_at") WHERE "source_deliveries"."body" is not null;