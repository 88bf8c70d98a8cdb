-- A trader's lists read each status's newest rows in the list's order and merge them
-- (server/listing/on-page-by-status.ts): the trader's index carries that order after the status. The new
-- indexes first, so that the trader's reads always have one.
CREATE INDEX "payout_orders_trader_status_accepted_idx" ON "payout_orders" USING btree ("trader_id","status","accepted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payin_orders_trader_status_created_idx" ON "payin_orders" USING btree ("trader_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
DROP INDEX "payout_orders_trader_idx";--> statement-breakpoint
DROP INDEX "payin_orders_trader_idx";
