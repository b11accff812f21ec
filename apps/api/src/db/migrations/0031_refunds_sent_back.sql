ALTER TABLE "refunds" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_failed_idx" ON "refunds" USING btree ("order_id") WHERE "refunds"."state" = 'failed';--> statement-breakpoint
-- A refund the gateway refused at once was 'failed'; 'failed' now means the bank sent back one the gateway took.
UPDATE "refunds" SET "state" = 'refused' WHERE "state" = 'failed';
