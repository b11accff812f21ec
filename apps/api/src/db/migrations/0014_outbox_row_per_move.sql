ALTER TABLE "outbox" DROP CONSTRAINT "outbox_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "handlers" text[];
--> statement-breakpoint
-- A row still owed keeps its one handler; moves made from now on write one row for all of theirs.
UPDATE "outbox" SET "handlers" = ARRAY["handler"];
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "handlers" SET NOT NULL;
