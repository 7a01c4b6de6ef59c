CREATE TABLE "education_wishes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "educators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '🎓' NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"specialization" text NOT NULL,
	"website" text NOT NULL,
	"affiliate_url" text NOT NULL,
	"highlights" jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"rating" numeric(2, 1) DEFAULT '4.5' NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"courses" integer DEFAULT 0 NOT NULL,
	"is_example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "educators_rating_range" CHECK ("educators"."rating" BETWEEN 0 AND 5),
	CONSTRAINT "educators_counts_not_negative" CHECK ("educators"."students" >= 0 AND "educators"."courses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marketing_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"content" text,
	"file_key" text,
	"file_name" text,
	"file_mime" text,
	"file_size" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_resources_body_or_file" CHECK (("marketing_resources"."type" = 'email_template' AND "marketing_resources"."content" IS NOT NULL AND "marketing_resources"."file_key" IS NULL) OR ("marketing_resources"."type" <> 'email_template' AND "marketing_resources"."file_key" IS NOT NULL AND "marketing_resources"."content" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "product_import_batches" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "education_wishes" ADD CONSTRAINT "education_wishes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_resources" ADD CONSTRAINT "marketing_resources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "education_wishes_pending_idx" ON "education_wishes" USING btree ("created_at") WHERE "education_wishes"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "educators_category_idx" ON "educators" USING btree ("category");--> statement-breakpoint
CREATE INDEX "marketing_resources_created_idx" ON "marketing_resources" USING btree ("created_at","id");--> statement-breakpoint
-- TRUNCATE fires no row triggers, so the machine counts kept by users_machine_count_sync would
-- keep their old values after the machines table is emptied that way (tests, bulk resets).
CREATE FUNCTION "users_machine_count_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "machine_count" = 0 WHERE "machine_count" <> 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "vending_machines_count_truncate" AFTER TRUNCATE ON "vending_machines"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_machine_count_reset"();
