CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"parts" jsonb NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"gateway_refund_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"initiated_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_gateway_refund_id_unique" UNIQUE("gateway_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_refund_id_unique";--> statement-breakpoint
DROP INDEX "orders_sales_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_sales_idx" ON "orders" USING btree ("payment_status","needs_refund","paid_at","total_amount_paise","refunded_paise");--> statement-breakpoint
-- Each refund made before refunds had rows of their own gave back the whole order: its row
-- shares its id with the refund's move (the reference of its credit note). An order whose refund
-- was refused or unanswered keeps it as a refund still to be asked for, under the order's id,
-- the gateway's idempotency key it was asked with.
INSERT INTO "refunds" ("id", "order_id", "amount_paise", "parts", "reason", "actor", "actor_id", "state", "gateway_refund_id", "failure", "created_at", "initiated_at")
SELECT coalesce(e."id", o."id"), o."id", o."total_amount_paise",
  coalesce((SELECT jsonb_agg(jsonb_build_object('item', i."id", 'quantity', i."quantity", 'amountPaise', i."quantity" * i."price_at_purchase_paise", 'restock', false) ORDER BY i."position", i."id")
    FROM "order_items" i WHERE i."order_id" = o."id"), '[]'::jsonb)
  || CASE WHEN o."shipping_cost_paise" > 0
    THEN jsonb_build_array(jsonb_build_object('item', 'shipping', 'quantity', 1, 'amountPaise', o."shipping_cost_paise", 'restock', false))
    ELSE '[]'::jsonb END,
  coalesce(o."refund_reason", 'Refunded by the owner'), coalesce(e."actor", 'owner'), e."actor_id",
  CASE WHEN o."refund_id" IS NOT NULL THEN 'initiated' ELSE 'pending' END,
  o."refund_id", o."refund_failure", coalesce(o."refunded_at", o."updated_at"), o."refunded_at"
FROM "orders" o
LEFT JOIN LATERAL (SELECT "id", "actor", "actor_id" FROM "order_status_events"
  WHERE "order_id" = o."id" AND "event" = 'refunded' ORDER BY "created_at" DESC LIMIT 1) e ON true
WHERE (o."refund_id" IS NOT NULL OR o."refund_failure" IS NOT NULL) AND o."total_amount_paise" > 0;--> statement-breakpoint
UPDATE "orders" SET "refunded_paise" = "total_amount_paise" WHERE "refund_id" IS NOT NULL;--> statement-breakpoint
-- A refund's consequences not carried out yet now name the refund.
UPDATE "outbox" SET "topic" = 'refund.made', "payload" = jsonb_build_object('refundId', "history_id")
WHERE "topic" = 'order.refunded' AND "history_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_reason";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_failure";