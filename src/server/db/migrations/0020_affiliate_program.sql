CREATE TABLE "affiliate_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_user_id" integer NOT NULL,
	"referred_user_id" integer,
	"invoice_id" text NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"base_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approves_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"reference" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" integer
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"industry" text NOT NULL,
	"experience" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_user_id" integer NOT NULL,
	"landing_path" text NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_user_id" integer PRIMARY KEY NOT NULL,
	"affiliate_user_id" integer NOT NULL,
	"clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retail_affiliate_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"amazon_enabled" boolean DEFAULT false NOT NULL,
	"amazon_associate_id" text,
	"amazon_access_key_id" text,
	"amazon_secret_key_sealed" text,
	"amazon_region" text DEFAULT 'US' NOT NULL,
	"sams_club_enabled" boolean DEFAULT false NOT NULL,
	"sams_club_publisher_id" text,
	"flexoffers_api_key_sealed" text,
	"commission_rate" numeric(5, 2) DEFAULT '3.50' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retail_affiliate_configs_rate_range" CHECK ("retail_affiliate_configs"."commission_rate" >= 0 AND "retail_affiliate_configs"."commission_rate" <= 100)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_user_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_user_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_affiliate_user_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_affiliate_user_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_affiliate_configs" ADD CONSTRAINT "retail_affiliate_configs_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_invoice_unique" ON "affiliate_commissions" USING btree ("invoice_id") WHERE "affiliate_commissions"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_user_id","status");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_approval_idx" ON "affiliate_commissions" USING btree ("approves_at") WHERE "affiliate_commissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_idx" ON "affiliate_payouts" USING btree ("affiliate_user_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_code_unique" ON "affiliates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referral_clicks_affiliate_idx" ON "referral_clicks" USING btree ("affiliate_user_id","clicked_at");--> statement-breakpoint
CREATE INDEX "referrals_affiliate_idx" ON "referrals" USING btree ("affiliate_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "retail_affiliate_configs_owner_unique" ON "retail_affiliate_configs" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retail_affiliate_configs_platform_unique" ON "retail_affiliate_configs" USING btree (("owner_user_id" IS NULL)) WHERE "retail_affiliate_configs"."owner_user_id" IS NULL;