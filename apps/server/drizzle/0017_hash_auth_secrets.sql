-- Secrets at rest are hashes only (issue 11 item 7, ADR 0011).
-- Sessions: `token` now holds the SHA-256 (hex) of the session token. Hashing the existing tokens
-- in place keeps everyone signed in: their cookies still carry the plain token, and every lookup
-- hashes the token it is given.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
--> statement-breakpoint
-- Verifications: every existing row holds a plain secret (a phone code as its value, a two-factor
-- challenge or trusted-device key as its identifier) and would now never match its hashed
-- lookup. They live minutes; a sign-in in progress during the upgrade asks for a new code.
DELETE FROM "verifications";
