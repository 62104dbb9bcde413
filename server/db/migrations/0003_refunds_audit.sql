CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_intent_id" text NOT NULL,
	"session_id" text,
	"customer_id" text NOT NULL,
	"customer_email" text NOT NULL,
	"refund_id" text,
	"subscription_id" text,
	"amount_refunded" integer NOT NULL,
	"currency" text NOT NULL,
	"notes" text,
	"processed_by" uuid,
	"processed_by_email" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_log" ADD CONSTRAINT "refund_log_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_log_payment_intent_idx" ON "refund_log" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "refund_log_created_idx" ON "refund_log" USING btree ("created_date");