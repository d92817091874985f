-- The consent wording a form shows, for an assistant whose form has no checkbox for a call: each
-- submission keeps it as its consent evidence (docs/decisions/0028-webhook-sources.md).
ALTER TABLE "form_assistants" ADD COLUMN "consent_text" text;