ALTER TABLE "webhook_events" ADD COLUMN "customer_id" text;--> statement-breakpoint
CREATE INDEX "webhook_events_customer_idx" ON "webhook_events" USING btree ("customer_id","received_at");