CREATE TABLE "vote_page_views" (
	"machine_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vote_page_views_machine_id_day_source_pk" PRIMARY KEY("machine_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "suggestions" ADD COLUMN "suggester_email" text;--> statement-breakpoint
ALTER TABLE "suggestions" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "vending_issues" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "vending_issues" ADD COLUMN "public_reply" text;--> statement-breakpoint
ALTER TABLE "vote_page_views" ADD CONSTRAINT "vote_page_views_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "votes_machine_funnel_idx" ON "votes" USING btree ("machine_id","created_at","source","voter_id");