CREATE SCHEMA "typeform_sandbox";
--> statement-breakpoint
CREATE TABLE "typeform_sandbox"."accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"login" text NOT NULL,
	"alias" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_login_unique" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "typeform_sandbox"."auth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "typeform_sandbox"."forms" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"title" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "typeform_sandbox"."responses" (
	"token" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"payload" text NOT NULL,
	"landed_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "typeform_sandbox"."tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "typeform_sandbox"."webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"tag" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"secret_encrypted" text,
	"verify_ssl" boolean DEFAULT false NOT NULL,
	"event_types" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "typeform_sandbox"."auth_codes" ADD CONSTRAINT "auth_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "typeform_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typeform_sandbox"."forms" ADD CONSTRAINT "forms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "typeform_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typeform_sandbox"."responses" ADD CONSTRAINT "responses_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "typeform_sandbox"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typeform_sandbox"."tokens" ADD CONSTRAINT "tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "typeform_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typeform_sandbox"."webhooks" ADD CONSTRAINT "webhooks_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "typeform_sandbox"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_codes_expires_idx" ON "typeform_sandbox"."auth_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "forms_account_created_idx" ON "typeform_sandbox"."forms" USING btree ("account_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "responses_form_submitted_idx" ON "typeform_sandbox"."responses" USING btree ("form_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tokens_expires_idx" ON "typeform_sandbox"."tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_form_tag_idx" ON "typeform_sandbox"."webhooks" USING btree ("form_id","tag");