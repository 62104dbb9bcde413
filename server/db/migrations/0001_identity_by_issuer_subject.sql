ALTER TABLE "users" ALTER COLUMN "id" SET DEFAULT gen_random_uuid();--> statement-breakpoint
-- Existing rows were keyed by the token's sub (their id); the issuer was not recorded, so they are marked
-- 'legacy' and take the issuer of their next sign-in with the same subject (server/services/users.ts).
ALTER TABLE "users" ADD COLUMN "auth_issuer" text NOT NULL DEFAULT 'legacy';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auth_subject" text;--> statement-breakpoint
UPDATE "users" SET "auth_subject" = "id"::text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "auth_subject" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "auth_issuer" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_auth_identity_idx" ON "users" USING btree ("auth_issuer","auth_subject");
