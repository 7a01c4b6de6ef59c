CREATE TABLE "analytics_snapshots" (
	"user_id" integer NOT NULL,
	"view" text NOT NULL,
	"scope" text NOT NULL,
	"range" text NOT NULL,
	"data" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_snapshots_user_id_view_scope_range_pk" PRIMARY KEY("user_id","view","scope","range")
);
--> statement-breakpoint
CREATE TABLE "demand_forecasts" (
	"user_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"forecast" jsonb NOT NULL,
	"predicted_week" real NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "demand_forecasts_user_id_machine_id_product_id_pk" PRIMARY KEY("user_id","machine_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "purchase_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"source" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_list_items_quantity_check" CHECK ("purchase_list_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "restock_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"units_left" integer NOT NULL,
	"units_filled" integer NOT NULL,
	"restocked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_records_units_check" CHECK ("restock_records"."units_left" >= 0 and "restock_records"."units_filled" >= 0)
);
--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "device_class" text;--> statement-breakpoint
ALTER TABLE "analytics_snapshots" ADD CONSTRAINT "analytics_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_forecasts" ADD CONSTRAINT "demand_forecasts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_forecasts" ADD CONSTRAINT "demand_forecasts_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_forecasts" ADD CONSTRAINT "demand_forecasts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_items" ADD CONSTRAINT "purchase_list_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_items" ADD CONSTRAINT "purchase_list_items_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_items" ADD CONSTRAINT "purchase_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_records" ADD CONSTRAINT "restock_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_records" ADD CONSTRAINT "restock_records_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_records" ADD CONSTRAINT "restock_records_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_list_items_line_unique" ON "purchase_list_items" USING btree ("user_id","machine_id","product_id");--> statement-breakpoint
CREATE INDEX "restock_records_machine_product_idx" ON "restock_records" USING btree ("machine_id","product_id","restocked_at");--> statement-breakpoint
CREATE INDEX "restock_records_user_idx" ON "restock_records" USING btree ("user_id","restocked_at");