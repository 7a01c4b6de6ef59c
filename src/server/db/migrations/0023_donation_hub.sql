CREATE TABLE "charities" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"ein" text,
	"owner_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"ntee_code" text,
	"description" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text,
	"email" text,
	"website" text,
	"contact_person" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charities_owner_check" CHECK (("charities"."source" = 'operator') = ("charities"."owner_id" is not null)),
	CONSTRAINT "charities_ein_check" CHECK (("charities"."source" = 'operator') = ("charities"."ein" is null))
);
--> statement-breakpoint
CREATE TABLE "charity_accepted_items" (
	"user_id" integer NOT NULL,
	"charity_id" integer NOT NULL,
	"items" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charity_accepted_items_user_id_charity_id_pk" PRIMARY KEY("user_id","charity_id")
);
--> statement-breakpoint
CREATE TABLE "charity_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"file_names" text[] NOT NULL,
	"rows_read" integer NOT NULL,
	"imported" integer NOT NULL,
	"updated" integer NOT NULL,
	"skipped_not_charitable" integer NOT NULL,
	"rejected" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"category" text,
	"quantity" integer NOT NULL,
	"unit_value" numeric(12, 2) NOT NULL,
	"unit_cost" numeric(12, 2),
	CONSTRAINT "donation_lines_quantity_check" CHECK ("donation_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "donation_tax_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"c_corporation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"charity_id" integer,
	"charity_name" text NOT NULL,
	"charity_ein" text,
	"charity_address" text DEFAULT '' NOT NULL,
	"charity_city" text DEFAULT '' NOT NULL,
	"charity_state" text DEFAULT '' NOT NULL,
	"charity_zip" text DEFAULT '' NOT NULL,
	"contact_person" text,
	"donation_date" date NOT NULL,
	"tax_year" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"return_description" text,
	"return_value" numeric(12, 2),
	"total_value" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charities" ADD CONSTRAINT "charities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_accepted_items" ADD CONSTRAINT "charity_accepted_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_accepted_items" ADD CONSTRAINT "charity_accepted_items_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_imports" ADD CONSTRAINT "charity_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_lines" ADD CONSTRAINT "donation_lines_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_lines" ADD CONSTRAINT "donation_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_tax_settings" ADD CONSTRAINT "donation_tax_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charities_ein_unique" ON "charities" USING btree ("ein");--> statement-breakpoint
CREATE INDEX "charities_zip_name_idx" ON "charities" USING btree ("zip","name");--> statement-breakpoint
CREATE INDEX "charities_owner_idx" ON "charities" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "donation_lines_donation_idx" ON "donation_lines" USING btree ("donation_id","position");--> statement-breakpoint
CREATE INDEX "donations_user_date_idx" ON "donations" USING btree ("user_id","donation_date");--> statement-breakpoint
CREATE INDEX "donations_charity_idx" ON "donations" USING btree ("charity_id");