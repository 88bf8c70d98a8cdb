CREATE TABLE "chain_hot_wallets" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"token_balance" numeric(30, 6),
	"native_balance" numeric(78, 0),
	"balance_read_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_hot_wallets_chain_address_pk" PRIMARY KEY("chain","address"),
	CONSTRAINT "chain_hot_wallets_nonce_check" CHECK ("chain_hot_wallets"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chain_send_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"send_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"gas_limit" numeric(78, 0) NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "chain_sends_purpose_reference_key";--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "nonce" bigint;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "broadcast_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "last_broadcast_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "gas_spent" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_send_attempts" ADD CONSTRAINT "chain_send_attempts_send_id_chain_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."chain_sends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_send_attempts_send_key" ON "chain_send_attempts" USING btree ("send_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_send_attempts_hash_key" ON "chain_send_attempts" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sends_reference_key" ON "chain_sends" USING btree ("purpose","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sends_nonce_key" ON "chain_sends" USING btree ("chain","from_address","nonce");--> statement-breakpoint
CREATE INDEX "chain_sends_open_idx" ON "chain_sends" USING btree ("chain","state","created_at") WHERE state in ('QUEUED', 'SIGNED', 'BROADCAST');--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_state_check" CHECK ("chain_sends"."state" in ('QUEUED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED'));--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_purpose_check" CHECK ("chain_sends"."purpose" in ('withdrawal', 'sweep', 'gas_topup'));--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_amount_check" CHECK ("chain_sends"."amount" > 0);--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_signed_check" CHECK ("chain_sends"."state" = 'QUEUED' or ("chain_sends"."from_address" is not null and "chain_sends"."nonce" is not null and "chain_sends"."tx_hash" is not null and "chain_sends"."signed_at" is not null));