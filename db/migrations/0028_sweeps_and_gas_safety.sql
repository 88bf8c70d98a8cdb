CREATE TABLE "chain_sweeps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"topup_value" numeric(78, 0) NOT NULL,
	"state" text DEFAULT 'TOPPING_UP' NOT NULL,
	"topup_gas_spent" numeric(78, 0),
	"sweep_gas_spent" numeric(78, 0),
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"swept_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_sweeps_state_check" CHECK ("chain_sweeps"."state" in ('TOPPING_UP', 'SWEEPING', 'SWEPT', 'FAILED')),
	CONSTRAINT "chain_sweeps_amount_check" CHECK ("chain_sweeps"."amount" > 0 and "chain_sweeps"."topup_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chain_sends" DROP CONSTRAINT "chain_sends_amount_check";--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "asset" text DEFAULT 'token' NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "native_value" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "source_index" integer;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "wait_reason" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sweeps_open_key" ON "chain_sweeps" USING btree ("chain","address") WHERE state in ('TOPPING_UP', 'SWEEPING');--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_asset_check" CHECK ("chain_sends"."asset" in ('token', 'native'));--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_source_check" CHECK ("chain_sends"."source_index" is null or ("chain_sends"."source_index" >= 0 and "chain_sends"."from_address" is not null));--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_amount_check" CHECK (("chain_sends"."asset" = 'token' and "chain_sends"."amount" > 0 and "chain_sends"."native_value" is null) or ("chain_sends"."asset" = 'native' and "chain_sends"."amount" = 0 and "chain_sends"."native_value" > 0));