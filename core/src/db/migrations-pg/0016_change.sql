ALTER TABLE "session" ADD COLUMN "sso_sid" text;
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "sso_sub" text;
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "sso_id_token" text;
--> statement-breakpoint
CREATE INDEX "session_sso_sid_idx" ON "session" USING btree ("sso_sid");
