CREATE SEQUENCE "public"."support_ticket_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "support_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_number" text NOT NULL,
	"by" text NOT NULL,
	"message" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "ticket_number" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "ticket_number" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
-- The messages sent before tickets existed take numbers in the order they came, one series over
-- both kinds; the unresolved ones wait for an answer since they came.
CREATE TEMPORARY TABLE "earlier_tickets" AS
  SELECT "id", "kind", 'T-' || lpad(nextval('support_ticket_seq')::text, 6, '0') AS "ticket_number"
  FROM (
    SELECT "id", 'contact' AS "kind", "created_at" FROM "contact_messages"
    UNION ALL
    SELECT "id", 'complaint' AS "kind", "created_at" FROM "complaints"
    ORDER BY "created_at", "id"
  ) AS "earlier";--> statement-breakpoint
UPDATE "contact_messages" SET "ticket_number" = e."ticket_number",
  "awaiting_reply_since" = CASE WHEN "resolved_at" IS NULL THEN "created_at" END
  FROM "earlier_tickets" e WHERE e."kind" = 'contact' AND e."id" = "contact_messages"."id";--> statement-breakpoint
UPDATE "complaints" SET "ticket_number" = e."ticket_number",
  "awaiting_reply_since" = CASE WHEN "resolved_at" IS NULL THEN "created_at" END
  FROM "earlier_tickets" e WHERE e."kind" = 'complaint' AND e."id" = "complaints"."id";--> statement-breakpoint
DROP TABLE "earlier_tickets";--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "ticket_number" SET DEFAULT 'T-' || lpad(nextval('support_ticket_seq')::text, 6, '0');--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "ticket_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "ticket_number" SET DEFAULT 'T-' || lpad(nextval('support_ticket_seq')::text, 6, '0');--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "ticket_number" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "support_replies_ticket_idx" ON "support_replies" USING btree ("ticket_number","created_at");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_ticket_number_unique" UNIQUE("ticket_number");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_ticket_number_unique" UNIQUE("ticket_number");
