ALTER TABLE "billing_customers" DROP CONSTRAINT "billing_customers_email_unique";--> statement-breakpoint
ALTER TABLE "signups" DROP CONSTRAINT "signups_normalized_email_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
ALTER TABLE "billing_customers" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- Back-fill (issue 18 item 5): records found by e-mail until now are pinned to the account that has the address
-- today (users.email was unique until this migration, so each address names at most one account). A provider
-- customer belongs to the user with its address; a signup record to the confirmed owner of its address (a record
-- without one is linked at that owner's first sign-in, server/services/signups.ts).
UPDATE "billing_customers" SET "user_id" = "users"."id" FROM "users" WHERE "users"."email" = "billing_customers"."email";--> statement-breakpoint
UPDATE "signups" SET "user_id" = "users"."id" FROM "users" WHERE "users"."email" = "signups"."normalized_email" AND "users"."email_verified";--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_user_id_idx" ON "billing_customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_customers_email_idx" ON "billing_customers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "signups_user_id_idx" ON "signups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signups_normalized_email_idx" ON "signups" USING btree ("normalized_email");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");