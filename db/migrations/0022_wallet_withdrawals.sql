CREATE TABLE "wallet_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"chain_key" text NOT NULL,
	"address_id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(26, 6) NOT NULL,
	"fee" numeric(26, 6) NOT NULL,
	"state" text NOT NULL,
	"needs_review" text,
	"reason" text,
	"chain_send_id" uuid,
	"tx_hash" text,
	"gas_spent" numeric(40, 18),
	"gas_symbol" text,
	"case_opened_at" timestamp with time zone,
	"case_resolved_at" timestamp with time zone,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"signed_at" timestamp with time zone,
	"broadcast_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_withdrawals_owner_type_check" CHECK ("wallet_withdrawals"."owner_type" in ('merchant', 'trader')),
	CONSTRAINT "wallet_withdrawals_state_check" CHECK ("wallet_withdrawals"."state" in ('REQUESTED', 'APPROVED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED', 'REJECTED')),
	CONSTRAINT "wallet_withdrawals_amounts_check" CHECK ("wallet_withdrawals"."amount" > 0 and "wallet_withdrawals"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"chain_key" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "withdrawal_addresses_owner_type_check" CHECK ("withdrawal_addresses"."owner_type" in ('merchant', 'trader'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_daily_totals" (
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"total" numeric(26, 6) NOT NULL,
	CONSTRAINT "withdrawal_daily_totals_scope_day_pk" PRIMARY KEY("scope","day"),
	CONSTRAINT "withdrawal_daily_totals_total_check" CHECK ("withdrawal_daily_totals"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"four_eyes_threshold" numeric(20, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_proposals_decision_check" CHECK ("withdrawal_proposals"."decision" in ('approve', 'reject')),
	CONSTRAINT "withdrawal_proposals_status_check" CHECK ("withdrawal_proposals"."status" in ('pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_address_id_withdrawal_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."withdrawal_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_proposals" ADD CONSTRAINT "withdrawal_proposals_withdrawal_id_wallet_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."wallet_withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_proposals" ADD CONSTRAINT "withdrawal_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_proposals" ADD CONSTRAINT "withdrawal_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_owner_idx" ON "wallet_withdrawals" USING btree ("owner_type","owner_id","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_state_idx" ON "wallet_withdrawals" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_owner_idx" ON "withdrawal_addresses" USING btree ("owner_type","owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_live_key" ON "withdrawal_addresses" USING btree ("owner_type","owner_id","chain_key","address") WHERE removed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_proposals_pending_key" ON "withdrawal_proposals" USING btree ("withdrawal_id") WHERE "withdrawal_proposals"."status" = 'pending';--> statement-breakpoint
-- Every owner's withdrawal-pending account (docs/ledger.md): new owners get theirs when their
-- accounts open (server/ledger/open-accounts.ts).
INSERT INTO "ledger_accounts" ("id", "owner_type", "owner_id", "kind", "allow_negative")
SELECT 'merchant:' || "id" || ':withdrawal_pending', 'merchant', "id", 'withdrawal_pending', false FROM "merchants"
UNION ALL
SELECT 'trader:' || "id" || ':withdrawal_pending', 'trader', "id", 'withdrawal_pending', false FROM "traders"
ON CONFLICT ("id") DO NOTHING;
