CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"handler" text NOT NULL,
	"order_id" text,
	"history_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_events" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "actor" text;--> statement-breakpoint
-- Until now only the owner's moves were kept: shipped, delivered, and a refund's cancellation.
UPDATE "order_status_events" SET "actor" = 'owner', "event" = CASE "to_status" WHEN 'Shipped' THEN 'shipped' WHEN 'Delivered' THEN 'delivered' ELSE 'refunded' END;--> statement-breakpoint
ALTER TABLE "order_status_events" ALTER COLUMN "event" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_events" ALTER COLUMN "actor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("available_at") WHERE "outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_order_idx" ON "outbox" USING btree ("order_id");--> statement-breakpoint
-- Mails not yet sent under the two claim schemes this table replaces become its rows, within the
-- windows those schemes retried in (48 hours for a paid order's mails, 3 days for a move's).
INSERT INTO "outbox" ("id", "topic", "handler", "order_id", "created_at")
SELECT gen_random_uuid()::text, CASE WHEN "needs_refund" THEN 'order.paid_sold_out' ELSE 'order.paid' END, 'customer-mail', "id", "paid_at"
FROM "orders" WHERE "payment_status" = 'completed' AND "confirmation_mailed_at" IS NULL AND "paid_at" > now() - interval '48 hours';--> statement-breakpoint
INSERT INTO "outbox" ("id", "topic", "handler", "order_id", "created_at")
SELECT gen_random_uuid()::text, CASE WHEN "needs_refund" THEN 'order.paid_sold_out' ELSE 'order.paid' END, 'owner-mail', "id", "paid_at"
FROM "orders" WHERE "payment_status" = 'completed' AND "owner_notified_at" IS NULL AND "paid_at" > now() - interval '48 hours';--> statement-breakpoint
INSERT INTO "outbox" ("id", "topic", "handler", "order_id", "history_id", "created_at")
SELECT gen_random_uuid()::text, 'order.' || "event", 'customer-mail', "order_id", "id", "created_at"
FROM "order_status_events" WHERE "customer_mailed_at" IS NULL AND "created_at" > now() - interval '3 days';
