DROP INDEX "product_variants_product_weight_idx";--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_weight_idx" ON "product_variants" USING btree ("product_id","weight_grams") WHERE "product_variants"."removed_at" is null;