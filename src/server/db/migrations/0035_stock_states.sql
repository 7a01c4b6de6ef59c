CREATE TABLE "machine_stock_states" (
	"machine_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"computed_version" integer,
	"computed_at" timestamp with time zone,
	"recheck_at" timestamp with time zone,
	"sales_through" timestamp with time zone,
	"restock_units_sold" integer DEFAULT 0 NOT NULL,
	"restock_up_votes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_stock_states" (
	"slot_id" integer PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"fill_at" timestamp with time zone,
	"fill_level" integer,
	"sold" double precision,
	"sharing" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_stock_states" ADD CONSTRAINT "machine_stock_states_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_stock_states" ADD CONSTRAINT "slot_stock_states_slot_id_planogram_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."planogram_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_stock_states" ADD CONSTRAINT "slot_stock_states_machine_id_vending_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."vending_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_stock_states_machine_idx" ON "slot_stock_states" USING btree ("machine_id");--> statement-breakpoint
-- Every change to what a machine's stock figures rest on (its sales, restock records and planogram)
-- counts one more version of them, whatever code (or bulk SQL) makes it, so the stored figures
-- are never read as current after such a change. Statement triggers: an import of thousands of
-- sales counts once per machine. Machines are taken in order, so two imports lock them alike; a
-- machine being deleted (its rows go with it) has nothing left to count.
CREATE FUNCTION "machine_stock_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "machine_stock_states" ("machine_id", "version")
    SELECT DISTINCT c."machine_id", 1 FROM "changed" c JOIN "vending_machines" m ON m."id" = c."machine_id" ORDER BY 1
    ON CONFLICT ("machine_id") DO UPDATE SET "version" = "machine_stock_states"."version" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "machine_sales_stock_insert" AFTER INSERT ON "machine_sales" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "machine_sales_stock_update" AFTER UPDATE ON "machine_sales" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "machine_sales_stock_delete" AFTER DELETE ON "machine_sales" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "restock_records_stock_insert" AFTER INSERT ON "restock_records" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "restock_records_stock_update" AFTER UPDATE ON "restock_records" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "restock_records_stock_delete" AFTER DELETE ON "restock_records" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "planogram_slots_stock_insert" AFTER INSERT ON "planogram_slots" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "planogram_slots_stock_update" AFTER UPDATE ON "planogram_slots" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "planogram_slots_stock_delete" AFTER DELETE ON "planogram_slots" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();
