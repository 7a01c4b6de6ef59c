ALTER TABLE "users" ADD COLUMN "periodic_report" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vending_machines" ADD COLUMN "status_changed_at" timestamp with time zone;