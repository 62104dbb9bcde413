ALTER TABLE "billing_customers" ADD COLUMN "account_email" text;--> statement-breakpoint
-- Back-fill: what we know the provider customer has is the address it was last given. Where the account's address
-- differs (a change the provider failed to take, or one made at the provider), the next sign-in or refresh gives
-- it the account's address once; from then on a change made at the provider is left alone.
UPDATE "billing_customers" SET "account_email" = "email" WHERE "user_id" IS NOT NULL;
