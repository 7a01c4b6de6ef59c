CREATE TABLE "magnet_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer,
	"machine_name" text NOT NULL,
	"vote_url" text NOT NULL,
	"qr_token" text NOT NULL,
	"variant_id" integer NOT NULL,
	"magnet_size" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"wholesale_cents" integer NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"special_instructions" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"stripe_invoice_item_id" text,
	"paid_at" timestamp with time zone,
	"printify_order_id" text,
	"submitted_at" timestamp with time zone,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "magnet_orders" ADD CONSTRAINT "magnet_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magnet_orders" ADD CONSTRAINT "magnet_orders_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "magnet_orders_user_idx" ON "magnet_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "magnet_orders_qr_token_unique" ON "magnet_orders" USING btree ("qr_token");--> statement-breakpoint
CREATE UNIQUE INDEX "magnet_orders_checkout_unique" ON "magnet_orders" USING btree ("stripe_checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "magnet_orders_printify_unique" ON "magnet_orders" USING btree ("printify_order_id");--> statement-breakpoint
CREATE INDEX "magnet_orders_status_idx" ON "magnet_orders" USING btree ("status","updated_at");