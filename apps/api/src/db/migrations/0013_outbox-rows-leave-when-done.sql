-- A row now leaves the table once its consequence is carried out: those already done go first.
DELETE FROM "outbox" WHERE "delivered_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "outbox_order_idx";--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("available_at");--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "delivered_at";