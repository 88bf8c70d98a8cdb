ALTER TABLE "traders" ADD COLUMN "payout_task_cap" integer;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "offered_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "passed_trader_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "dispatch" jsonb;--> statement-breakpoint
ALTER TABLE "traders" ADD CONSTRAINT "traders_payout_task_cap_check" CHECK ("traders"."payout_task_cap" is null or "traders"."payout_task_cap" > 0);