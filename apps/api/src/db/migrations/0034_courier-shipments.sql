CREATE TABLE "pickups" (
	"id" text PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"pickup_date" text NOT NULL,
	"packages" integer NOT NULL,
	"courier_pickup_id" text NOT NULL,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_scans" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"reason" text,
	"courier_status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"order_id" text PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"state" text NOT NULL,
	"waybill" text,
	"weight_grams" integer NOT NULL,
	"failure" text,
	"uncertain" boolean DEFAULT false NOT NULL,
	"attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	"last_scan" text,
	"undelivered" text,
	"tracked_at" timestamp with time zone,
	"next_track_at" timestamp with time zone,
	"track_failures" integer DEFAULT 0 NOT NULL,
	"track_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_waybill_unique" UNIQUE("waybill")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "shipping_grams" integer;--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_scan_idx" ON "shipment_scans" USING btree ("order_id","at","kind","location");--> statement-breakpoint
CREATE INDEX "shipments_next_track_idx" ON "shipments" USING btree ("next_track_at") WHERE "shipments"."next_track_at" is not null;