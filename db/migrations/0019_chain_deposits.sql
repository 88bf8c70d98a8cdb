CREATE TABLE "chain_cursors" (
	"chain_key" text PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_key" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"token" text NOT NULL,
	"address" text NOT NULL,
	"deposit_address_id" uuid,
	"owner_type" text,
	"owner_id" uuid,
	"base_amount" numeric(78, 0) NOT NULL,
	"amount" numeric(26, 6) NOT NULL,
	"remainder" numeric(78, 0) DEFAULT '0' NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"state" text NOT NULL,
	"held_reason" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"transfer_id" text,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"orphaned_at" timestamp with time zone,
	"reorged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_state_check" CHECK ("chain_deposits"."state" in ('DETECTED', 'CONFIRMED', 'CREDITED', 'HELD', 'ORPHANED'))
);
--> statement-breakpoint
CREATE TABLE "chain_reorg_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"chain_key" text NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"credited_block_hash" text NOT NULL,
	"current_block_hash" text,
	"owner_type" text,
	"owner_id" uuid,
	"amount" numeric(26, 6) NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"family" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "deposit_addresses_owner_type_check" CHECK ("deposit_addresses"."owner_type" in ('merchant', 'trader')),
	CONSTRAINT "deposit_addresses_index_check" CHECK ("deposit_addresses"."derivation_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_deposit_address_id_deposit_addresses_id_fk" FOREIGN KEY ("deposit_address_id") REFERENCES "public"."deposit_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_reorg_cases" ADD CONSTRAINT "chain_reorg_cases_deposit_id_chain_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."chain_deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_transfer_key" ON "chain_deposits" USING btree ("chain_key","tx_hash","log_index") WHERE state <> 'ORPHANED';--> statement-breakpoint
CREATE INDEX "chain_deposits_open_idx" ON "chain_deposits" USING btree ("chain_key","state","block_number");--> statement-breakpoint
CREATE INDEX "chain_deposits_owner_idx" ON "chain_deposits" USING btree ("owner_type","owner_id","detected_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chain_reorg_cases_deposit_key" ON "chain_reorg_cases" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "chain_reorg_cases_open_idx" ON "chain_reorg_cases" USING btree ("resolved_at","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_family_index_key" ON "deposit_addresses" USING btree ("family","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_key" ON "deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_owner_active_key" ON "deposit_addresses" USING btree ("owner_type","owner_id","family") WHERE retired_at is null;