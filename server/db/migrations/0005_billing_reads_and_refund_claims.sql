ALTER TABLE "billing_customers" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_log" ADD COLUMN "status" text DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_log" ADD COLUMN "claim_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_log" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_log" ADD CONSTRAINT "refund_log_status_check" CHECK ("refund_log"."status" in ('claimed', 'refunded', 'completed'));