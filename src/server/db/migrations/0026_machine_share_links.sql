CREATE TABLE "machine_share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "machine_share_links" ADD CONSTRAINT "machine_share_links_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_share_links" ADD CONSTRAINT "machine_share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machine_share_links_machine_unique" ON "machine_share_links" USING btree ("machine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_share_links_token_unique" ON "machine_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "machine_share_links_user_idx" ON "machine_share_links" USING btree ("user_id");