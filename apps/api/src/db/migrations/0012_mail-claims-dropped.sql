ALTER TABLE "order_status_events" DROP COLUMN "customer_mailed_at";--> statement-breakpoint
ALTER TABLE "order_status_events" DROP COLUMN "mail_claimed_at";--> statement-breakpoint
ALTER TABLE "order_status_events" DROP COLUMN "mail_attempts";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "confirmation_mailed_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "owner_notified_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "mail_claimed_at";