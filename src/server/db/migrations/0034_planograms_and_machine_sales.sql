CREATE TABLE "dex_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"counters" jsonb NOT NULL,
	"totals" jsonb
);
--> statement-breakpoint
CREATE TABLE "machine_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"code" text,
	"product_id" integer,
	"quantity" integer NOT NULL,
	"value" numeric(12, 2),
	"sold_from" timestamp with time zone,
	"sold_at" timestamp with time zone NOT NULL,
	CONSTRAINT "machine_sales_quantity_check" CHECK ("machine_sales"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "planogram_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"code" text NOT NULL,
	"product_id" integer,
	"capacity" integer NOT NULL,
	"par" integer NOT NULL,
	"price" numeric(10, 2),
	"position" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planogram_slots_units_check" CHECK ("planogram_slots"."capacity" > 0 and "planogram_slots"."par" >= 0 and "planogram_slots"."par" <= "planogram_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "sales_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"source" text NOT NULL,
	"report" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"signature" text NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restock_records" ADD COLUMN "slot_code" text;--> statement-breakpoint
ALTER TABLE "dex_audits" ADD CONSTRAINT "dex_audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dex_audits" ADD CONSTRAINT "dex_audits_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dex_audits" ADD CONSTRAINT "dex_audits_import_id_sales_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."sales_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_sales" ADD CONSTRAINT "machine_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_sales" ADD CONSTRAINT "machine_sales_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_sales" ADD CONSTRAINT "machine_sales_import_id_sales_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."sales_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_sales" ADD CONSTRAINT "machine_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_slots" ADD CONSTRAINT "planogram_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_slots" ADD CONSTRAINT "planogram_slots_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_slots" ADD CONSTRAINT "planogram_slots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_mappings" ADD CONSTRAINT "telemetry_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dex_audits_machine_idx" ON "dex_audits" USING btree ("machine_id","read_at");--> statement-breakpoint
CREATE INDEX "machine_sales_machine_idx" ON "machine_sales" USING btree ("machine_id","sold_at");--> statement-breakpoint
CREATE INDEX "machine_sales_user_idx" ON "machine_sales" USING btree ("user_id","sold_at");--> statement-breakpoint
CREATE INDEX "machine_sales_import_idx" ON "machine_sales" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planogram_slots_current_unique" ON "planogram_slots" USING btree ("machine_id","code") WHERE "planogram_slots"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "planogram_slots_machine_code_idx" ON "planogram_slots" USING btree ("machine_id","code","started_at");--> statement-breakpoint
CREATE INDEX "planogram_slots_user_idx" ON "planogram_slots" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_imports_content_unique" ON "sales_imports" USING btree ("user_id","content_hash");--> statement-breakpoint
CREATE INDEX "sales_imports_user_idx" ON "sales_imports" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_mappings_signature_unique" ON "telemetry_mappings" USING btree ("user_id","signature");