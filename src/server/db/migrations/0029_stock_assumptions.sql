ALTER TABLE "users" ADD COLUMN "restock_weekday" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assumed_units_per_vote" numeric(5, 2) DEFAULT '1.00' NOT NULL;