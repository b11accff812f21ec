ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ingredients" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "nutrition" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vegetarian" boolean;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer" jsonb DEFAULT '{"name":"","address":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packer" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_slab" CHECK ("products"."gst_rate" in (0, 5, 18, 40));