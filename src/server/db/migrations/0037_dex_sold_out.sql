ALTER TABLE "dex_audits" ADD COLUMN "sold_out" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_stock_states" ADD COLUMN "sold_out_at" timestamp with time zone;--> statement-breakpoint
-- An audit that reports a selection sold out changes the stock figures even when it sells nothing.
CREATE TRIGGER "dex_audits_stock_insert" AFTER INSERT ON "dex_audits" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();--> statement-breakpoint
CREATE TRIGGER "dex_audits_stock_delete" AFTER DELETE ON "dex_audits" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "machine_stock_changed"();
