CREATE TABLE "extra_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"refund_failure" text,
	CONSTRAINT "extra_payments_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "extra_payments_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "extra_payments_amount_positive" CHECK ("extra_payments"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "extra_payments" ADD CONSTRAINT "extra_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extra_payments_order_idx" ON "extra_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "extra_payments_unrefunded_idx" ON "extra_payments" USING btree ("order_id") WHERE "extra_payments"."refunded_at" is null;