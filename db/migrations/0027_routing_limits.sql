ALTER TABLE "trader_bank_accounts" ADD COLUMN "daily_order_limit" integer;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "daily_fiat_limit" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "min_order_fiat" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "max_order_fiat" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "cooldown_seconds" integer;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "usage_day" date;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "usage_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "usage_fiat" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "last_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traders" ADD COLUMN "routing_weights" jsonb;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD COLUMN "routing" jsonb;--> statement-breakpoint
CREATE INDEX "payin_orders_matched_idx" ON "payin_orders" USING btree ("matched_at");--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD CONSTRAINT "trader_bank_accounts_limits_check" CHECK (("trader_bank_accounts"."daily_order_limit" is null or "trader_bank_accounts"."daily_order_limit" > 0) and ("trader_bank_accounts"."daily_fiat_limit" is null or "trader_bank_accounts"."daily_fiat_limit" > 0)
        and ("trader_bank_accounts"."cooldown_seconds" is null or "trader_bank_accounts"."cooldown_seconds" >= 0)
        and ("trader_bank_accounts"."min_order_fiat" is null or "trader_bank_accounts"."max_order_fiat" is null or "trader_bank_accounts"."max_order_fiat" >= "trader_bank_accounts"."min_order_fiat")
        and "trader_bank_accounts"."usage_orders" >= 0 and "trader_bank_accounts"."usage_fiat" >= 0);