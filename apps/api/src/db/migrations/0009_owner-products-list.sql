-- The owner's product list: its name and price sorts read an index, its searches (ILIKE '%words%' on the name, flavour and skus) trigram indexes (pg_trgm came with 0008).
CREATE INDEX "product_variants_sku_trgm_idx" ON "product_variants" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_price_name_idx" ON "products" USING btree ("price_paise",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_variant_trgm_idx" ON "products" USING gin ("variant" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);