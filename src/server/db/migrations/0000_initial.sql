CREATE TABLE "machine_product_votes" (
	"machine_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"votes_cast" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_product_votes_machine_id_product_id_pk" PRIMARY KEY("machine_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "machine_voters" (
	"machine_id" integer NOT NULL,
	"voter_id" text NOT NULL,
	"votes_cast" integer DEFAULT 0 NOT NULL,
	"first_vote_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_vote_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_voters_machine_id_voter_id_pk" PRIMARY KEY("machine_id","voter_id")
);
--> statement-breakpoint
CREATE TABLE "operator_voters" (
	"user_id" integer NOT NULL,
	"voter_id" text NOT NULL,
	"votes_cast" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "operator_voters_user_id_voter_id_pk" PRIMARY KEY("user_id","voter_id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"your_price" numeric(10, 2),
	"profit" numeric(10, 2),
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"votes" integer DEFAULT 0 NOT NULL,
	"demo_votes" integer DEFAULT 0 NOT NULL,
	"is_approved" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer,
	"name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"price" numeric(10, 2),
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"suggested_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text DEFAULT 'operator' NOT NULL,
	"auth_provider" text DEFAULT 'local' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verification_token" text,
	"verification_token_expires_at" timestamp with time zone,
	"profile_image_url" text,
	"phone_number" text,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"sms_notifications" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"subscription_tier" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vending_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"machine_id" integer,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"product_name" text NOT NULL,
	"issue_description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vending_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"address" text,
	"type" text NOT NULL,
	"serial_number" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"machine_id" integer,
	"vote_type" text NOT NULL,
	"voter_id" text NOT NULL,
	"voter_ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "machine_product_votes" ADD CONSTRAINT "machine_product_votes_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_product_votes" ADD CONSTRAINT "machine_product_votes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_voters" ADD CONSTRAINT "machine_voters_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_voters" ADD CONSTRAINT "operator_voters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vending_issues" ADD CONSTRAINT "vending_issues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vending_issues" ADD CONSTRAINT "vending_issues_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vending_machines" ADD CONSTRAINT "vending_machines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_product_votes_product_idx" ON "machine_product_votes" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "products_user_idx" ON "products" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "suggestions_user_status_idx" ON "suggestions" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verification_token_unique" ON "users" USING btree ("verification_token");--> statement-breakpoint
CREATE INDEX "vending_issues_user_status_idx" ON "vending_issues" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "vending_machines_user_idx" ON "vending_machines" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_one_per_voter_unique" ON "votes" USING btree ("voter_id","product_id",coalesce("machine_id", 0)) WHERE "votes"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "votes_machine_created_idx" ON "votes" USING btree ("machine_id","created_at","voter_id");--> statement-breakpoint
CREATE INDEX "votes_product_created_idx" ON "votes" USING btree ("product_id","created_at");