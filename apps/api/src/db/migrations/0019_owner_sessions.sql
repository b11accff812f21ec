ALTER TABLE "refresh_sessions" ADD COLUMN "client_ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "proven_at" timestamp with time zone;