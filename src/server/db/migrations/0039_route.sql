CREATE TABLE "route_actions" (
	"team_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"member_user_id" integer,
	"action" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_actions_team_id_key_pk" PRIMARY KEY("team_id","key")
);
--> statement-breakpoint
CREATE TABLE "route_orders" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"machine_ids" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_orders_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "route_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"member_user_id" integer,
	"done_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vending_issues" ADD COLUMN "reported_by" integer;--> statement-breakpoint
ALTER TABLE "vending_issues" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "restock_records" ADD COLUMN "recorded_by" integer;--> statement-breakpoint
ALTER TABLE "route_actions" ADD CONSTRAINT "route_actions_team_id_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_actions" ADD CONSTRAINT "route_actions_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_orders" ADD CONSTRAINT "route_orders_team_id_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_orders" ADD CONSTRAINT "route_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_visits" ADD CONSTRAINT "route_visits_team_id_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_visits" ADD CONSTRAINT "route_visits_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_visits" ADD CONSTRAINT "route_visits_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_actions_created_idx" ON "route_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "route_visits_machine_idx" ON "route_visits" USING btree ("team_id","machine_id","done_at");--> statement-breakpoint
ALTER TABLE "vending_issues" ADD CONSTRAINT "vending_issues_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vending_issues" ADD CONSTRAINT "vending_issues_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_records" ADD CONSTRAINT "restock_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;