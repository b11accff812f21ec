CREATE TABLE "shop_settings" (
	"id" text PRIMARY KEY DEFAULT 'shop' NOT NULL,
	"settings" jsonb NOT NULL,
	"saved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 'shop')
);
