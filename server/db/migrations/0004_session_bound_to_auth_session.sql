ALTER TABLE "sessions" ADD COLUMN "auth_session_id" text;--> statement-breakpoint
-- Sessions opened before this change were bound to nothing: they end now, and the SPA trades its current
-- auth-service token for a bound one at its next refresh or sign-in.
ALTER TABLE "sessions" ADD COLUMN "auth_expires_at" timestamp with time zone NOT NULL DEFAULT now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "auth_expires_at" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "sessions_auth_session_id_idx" ON "sessions" USING btree ("auth_session_id");
