ALTER TABLE "magnet_orders" ADD COLUMN "submission_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "magnet_orders" ADD COLUMN "printify_problem" text;