CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" text NOT NULL,
	"owner_type" text NOT NULL,
	"merchant_id" uuid,
	"trader_id" uuid,
	"secret" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_id_unique" UNIQUE("key_id"),
	CONSTRAINT "api_keys_owner_check" CHECK (("api_keys"."owner_type" = 'merchant' and "api_keys"."merchant_id" is not null and "api_keys"."trader_id" is null) or ("api_keys"."owner_type" = 'trader' and "api_keys"."trader_id" is not null and "api_keys"."merchant_id" is null))
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payout_fee_bps" integer DEFAULT 0 NOT NULL,
	"payin_fee_bps" integer DEFAULT 0 NOT NULL,
	"payin_expiry_seconds" integer DEFAULT 900 NOT NULL,
	"payout_match_seconds" integer DEFAULT 600 NOT NULL,
	"payout_payment_seconds" integer DEFAULT 1800 NOT NULL,
	"payout_merchant_action_seconds" integer DEFAULT 86400 NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"webhook_previous_secret" text,
	"webhook_previous_secret_expires_at" timestamp with time zone,
	"webhook_disabled_at" timestamp with time zone,
	"rate_limit_per_second" integer DEFAULT 100 NOT NULL,
	"rate_limit_burst" integer DEFAULT 200 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_status_check" CHECK ("merchants"."status" in ('active', 'suspended')),
	CONSTRAINT "merchants_payout_fee_bps_check" CHECK ("merchants"."payout_fee_bps" between 0 and 10000),
	CONSTRAINT "merchants_payin_fee_bps_check" CHECK ("merchants"."payin_fee_bps" between 0 and 10000),
	CONSTRAINT "merchants_windows_check" CHECK ("merchants"."payin_expiry_seconds" > 0 and "merchants"."payout_match_seconds" > 0 and "merchants"."payout_payment_seconds" > 0 and "merchants"."payout_merchant_action_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "trader_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trader_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_last4" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trader_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trader_id" uuid NOT NULL,
	"side" text NOT NULL,
	"pair" text DEFAULT 'USDT/CNY' NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"min_fiat" numeric(20, 2) NOT NULL,
	"max_fiat" numeric(20, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trader_quotes_side_check" CHECK ("trader_quotes"."side" in ('BUY', 'SELL')),
	CONSTRAINT "trader_quotes_price_check" CHECK ("trader_quotes"."price" > 0),
	CONSTRAINT "trader_quotes_limits_check" CHECK ("trader_quotes"."min_fiat" > 0 and "trader_quotes"."max_fiat" >= "trader_quotes"."min_fiat")
);
--> statement-breakpoint
CREATE TABLE "traders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_matched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traders_status_check" CHECK ("traders"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"password_hash" text NOT NULL,
	"trader_id" uuid,
	"merchant_id" uuid,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"last_totp_step" integer,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('trader', 'operator', 'merchant')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'suspended')),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_link_check" CHECK (("users"."role" = 'trader' and "users"."trader_id" is not null) or ("users"."role" = 'merchant' and "users"."merchant_id" is not null) or "users"."role" = 'operator')
);
--> statement-breakpoint
CREATE TABLE "payout_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_order_no" text NOT NULL,
	"status" text NOT NULL,
	"fiat_currency" text DEFAULT 'CNY' NOT NULL,
	"usd_amount" numeric(20, 2) NOT NULL,
	"usd_fee_amount" numeric(20, 2) NOT NULL,
	"fee_bps" integer NOT NULL,
	"fx_rate" numeric(18, 4) NOT NULL,
	"reference_rate" numeric(18, 4) NOT NULL,
	"reference_fiat_amount" numeric(20, 2) NOT NULL,
	"slippage" numeric(18, 6) NOT NULL,
	"locked_fiat_amount" numeric(20, 2) NOT NULL,
	"recipient_holder_name" text NOT NULL,
	"recipient_bank_name" text NOT NULL,
	"recipient_account" text NOT NULL,
	"recipient_account_last4" text NOT NULL,
	"recipient_account_fingerprint" text NOT NULL,
	"trader_id" uuid,
	"match_due_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"payment_due_at" timestamp with time zone,
	"first_proof_submitted_at" timestamp with time zone,
	"merchant_action_due_at" timestamp with time zone,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"resolution_note" text,
	"claimed_by" uuid,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_orders_amounts_check" CHECK ("payout_orders"."usd_amount" > 0 and "payout_orders"."usd_fee_amount" >= 0 and "payout_orders"."locked_fiat_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "proof_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_order_id" uuid NOT NULL,
	"trader_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_images_position_check" CHECK ("proof_images"."position" between 1 and 3),
	CONSTRAINT "proof_images_type_check" CHECK ("proof_images"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "payin_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_order_no" text NOT NULL,
	"status" text NOT NULL,
	"pair" text DEFAULT 'USDT/CNY' NOT NULL,
	"asset_symbol" text DEFAULT 'USDT' NOT NULL,
	"asset_amount" numeric(26, 6) NOT NULL,
	"fiat_currency" text DEFAULT 'CNY' NOT NULL,
	"fiat_amount" numeric(20, 2) NOT NULL,
	"fx_rate" numeric(18, 4) NOT NULL,
	"usd_amount" numeric(20, 2) NOT NULL,
	"usd_fee_amount" numeric(20, 2) NOT NULL,
	"fee_bps" integer NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL,
	"trader_id" uuid,
	"trader_bank_account_id" uuid,
	"pay_token_hash" text NOT NULL,
	"return_url" text,
	"metadata" jsonb,
	"source" text DEFAULT 'API' NOT NULL,
	"chain_tx_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"matched_at" timestamp with time zone,
	"payment_submitted_at" timestamp with time zone,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"resolution_note" text,
	"claimed_by" uuid,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payin_orders_amounts_check" CHECK ("payin_orders"."asset_amount" > 0 and "payin_orders"."fiat_amount" > 0 and "payin_orders"."usd_fee_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid,
	"kind" text NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"balance" numeric(26, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_non_negative_check" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" numeric(26, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_nonzero_check" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt_no" integer NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivering', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"principal_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_records_principal_id_endpoint_key_pk" PRIMARY KEY("principal_id","endpoint","key"),
	CONSTRAINT "idempotency_records_state_check" CHECK ("idempotency_records"."state" in ('in_flight', 'done'))
);
--> statement-breakpoint
CREATE TABLE "used_nonces" (
	"api_key_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_nonces_api_key_id_nonce_pk" PRIMARY KEY("api_key_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD CONSTRAINT "trader_bank_accounts_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trader_quotes" ADD CONSTRAINT "trader_quotes_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_images" ADD CONSTRAINT "proof_images_payout_order_id_payout_orders_id_fk" FOREIGN KEY ("payout_order_id") REFERENCES "public"."payout_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_images" ADD CONSTRAINT "proof_images_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD CONSTRAINT "payin_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD CONSTRAINT "payin_orders_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD CONSTRAINT "payin_orders_trader_bank_account_id_trader_bank_accounts_id_fk" FOREIGN KEY ("trader_bank_account_id") REFERENCES "public"."trader_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_outbox_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_nonces" ADD CONSTRAINT "used_nonces_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_merchant_idx" ON "api_keys" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "api_keys_trader_idx" ON "api_keys" USING btree ("trader_id");--> statement-breakpoint
CREATE INDEX "trader_bank_accounts_trader_idx" ON "trader_bank_accounts" USING btree ("trader_id","active");--> statement-breakpoint
CREATE INDEX "trader_quotes_matching_idx" ON "trader_quotes" USING btree ("side","pair","active","price");--> statement-breakpoint
CREATE INDEX "trader_quotes_trader_idx" ON "trader_quotes" USING btree ("trader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_orders_order_no_key" ON "payout_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_orders_merchant_order_no_key" ON "payout_orders" USING btree ("merchant_id","merchant_order_no");--> statement-breakpoint
CREATE INDEX "payout_orders_merchant_created_idx" ON "payout_orders" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_orders_merchant_status_created_idx" ON "payout_orders" USING btree ("merchant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_orders_pool_idx" ON "payout_orders" USING btree ("created_at" DESC NULLS LAST) WHERE "payout_orders"."status" = 'PENDING_MATCH';--> statement-breakpoint
CREATE INDEX "payout_orders_trader_idx" ON "payout_orders" USING btree ("trader_id","status");--> statement-breakpoint
CREATE INDEX "payout_orders_payment_due_idx" ON "payout_orders" USING btree ("payment_due_at") WHERE "payout_orders"."status" = 'PENDING_PAYMENT';--> statement-breakpoint
CREATE INDEX "payout_orders_merchant_action_due_idx" ON "payout_orders" USING btree ("merchant_action_due_at") WHERE "payout_orders"."status" = 'PAYMENT_SUBMITTED';--> statement-breakpoint
CREATE INDEX "payout_orders_disputed_idx" ON "payout_orders" USING btree ("disputed_at") WHERE "payout_orders"."status" = 'DISPUTED';--> statement-breakpoint
CREATE INDEX "payout_orders_recipient_fp_idx" ON "payout_orders" USING btree ("recipient_account_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_images_order_position_key" ON "proof_images" USING btree ("payout_order_id","position");--> statement-breakpoint
CREATE INDEX "proof_images_sha256_idx" ON "proof_images" USING btree ("original_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "payin_orders_order_no_key" ON "payin_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payin_orders_merchant_order_no_key" ON "payin_orders" USING btree ("merchant_id","merchant_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payin_orders_pay_token_key" ON "payin_orders" USING btree ("pay_token_hash");--> statement-breakpoint
CREATE INDEX "payin_orders_merchant_created_idx" ON "payin_orders" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payin_orders_merchant_status_created_idx" ON "payin_orders" USING btree ("merchant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payin_orders_trader_idx" ON "payin_orders" USING btree ("trader_id","status");--> statement-breakpoint
CREATE INDEX "payin_orders_matching_idx" ON "payin_orders" USING btree ("created_at") WHERE "payin_orders"."status" = 'PENDING_MATCH';--> statement-breakpoint
CREATE INDEX "payin_orders_expiry_idx" ON "payin_orders" USING btree ("expires_at") WHERE "payin_orders"."status" in ('PENDING_MATCH', 'PENDING_PAYMENT');--> statement-breakpoint
CREATE INDEX "payin_orders_disputed_idx" ON "payin_orders" USING btree ("disputed_at") WHERE "payin_orders"."status" = 'DISPUTED';--> statement-breakpoint
CREATE INDEX "order_transitions_order_idx" ON "order_transitions" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_transfer_idx" ON "ledger_postings" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_order_idx" ON "ledger_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "outbox_events_merchant_created_idx" ON "outbox_events" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_events_order_idx" ON "outbox_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" in ('pending', 'delivering');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_merchant_idx" ON "webhook_deliveries" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idempotency_records_expires_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_nonces_created_idx" ON "used_nonces" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_type","actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);