ALTER TABLE "affiliate_commissions" DROP CONSTRAINT "affiliate_commissions_affiliate_user_id_affiliates_user_id_fk";
--> statement-breakpoint
ALTER TABLE "affiliate_payouts" DROP CONSTRAINT "affiliate_payouts_affiliate_user_id_affiliates_user_id_fk";
--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ALTER COLUMN "affiliate_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ALTER COLUMN "affiliate_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_user_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."affiliates"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_user_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."affiliates"("user_id") ON DELETE set null ON UPDATE no action;