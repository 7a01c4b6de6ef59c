CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"account_user_id" integer,
	"ip_hash" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id","occurred_at");--> statement-breakpoint
-- The audit trail is append-only whatever code or SQL touches it: no entry is ever changed, and one
-- is removed only once it is older than the 400 days it is kept (the audit.prune job removes those).
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."occurred_at" < now() - interval '400 days' THEN
    RETURN OLD;
  END IF;
  -- Erasing an account unlinks its person from the entries and changes nothing else: a link to the
  -- person (actor, account, target, address hash) may only become empty, and details only lose keys.
  IF TG_OP = 'UPDATE'
    AND NEW."id" = OLD."id" AND NEW."occurred_at" = OLD."occurred_at"
    AND NEW."action" = OLD."action" AND NEW."target_type" = OLD."target_type"
    AND (NEW."actor_user_id" IS NULL OR NEW."actor_user_id" IS NOT DISTINCT FROM OLD."actor_user_id")
    AND (NEW."account_user_id" IS NULL OR NEW."account_user_id" IS NOT DISTINCT FROM OLD."account_user_id")
    AND (NEW."target_id" IS NULL OR NEW."target_id" IS NOT DISTINCT FROM OLD."target_id")
    AND (NEW."ip_hash" IS NULL OR NEW."ip_hash" IS NOT DISTINCT FROM OLD."ip_hash")
    AND (NEW."details" IS NULL OR OLD."details" @> NEW."details")
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_change" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE FUNCTION "audit_events_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are append-only (TRUNCATE refused)' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_no_truncate"();
