ALTER TABLE "order_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "owner_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mail_claimed_at" timestamp with time zone;--> statement-breakpoint
-- Orders settled before order mails existed are not mailed now.
UPDATE "orders" SET "confirmation_mailed_at" = now(), "owner_notified_at" = now() WHERE "payment_status" <> 'pending';
