-- The user search's trigram indexes (below) need pg_trgm: a trusted extension, shipped with PostgreSQL and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "machine_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_machine_count_idx" ON "users" USING btree ("machine_count","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
-- users.machine_count has one writer: this trigger, on every insert, delete or change of owner of a
-- machine, whatever code (or bulk SQL) makes it. The users row it touches is locked until commit,
-- so concurrent changes of one account's machines add up instead of overwriting each other.
CREATE FUNCTION "users_machine_count_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "users" SET "machine_count" = "machine_count" - 1 WHERE "id" = OLD."user_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "users" SET "machine_count" = "machine_count" + 1 WHERE "id" = NEW."user_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "vending_machines_count_insert_delete" AFTER INSERT OR DELETE ON "vending_machines"
  FOR EACH ROW EXECUTE FUNCTION "users_machine_count_sync"();--> statement-breakpoint
CREATE TRIGGER "vending_machines_count_owner_change" AFTER UPDATE OF "user_id" ON "vending_machines"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "users_machine_count_sync"();--> statement-breakpoint
UPDATE "users" SET "machine_count" = counted."n"
  FROM (SELECT "user_id", count(*)::int AS "n" FROM "vending_machines" GROUP BY "user_id") AS counted
  WHERE counted."user_id" = "users"."id";
