CREATE TABLE "merchant_checkout_logos" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_checkout_logos_type_check" CHECK ("merchant_checkout_logos"."content_type" in ('image/png', 'image/webp', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "bank_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trader_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"raw_text" text NOT NULL,
	"text_hash" text NOT NULL,
	"parser_id" text,
	"direction" text,
	"amount" numeric(20, 2),
	"account_last4" text,
	"occurred_at" timestamp with time zone,
	"payer_name" text,
	"memo" text,
	"match_status" text NOT NULL,
	"payin_order_id" uuid,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_notifications_direction_check" CHECK ("bank_notifications"."direction" is null or "bank_notifications"."direction" in ('credit', 'debit')),
	CONSTRAINT "bank_notifications_match_status_check" CHECK ("bank_notifications"."match_status" in ('unparsed', 'ignored', 'suggested', 'released', 'confirmed', 'rejected')),
	CONSTRAINT "bank_notifications_score_check" CHECK ("bank_notifications"."score" is null or "bank_notifications"."score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "checkout_display_name" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "checkout_accent_color" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "ask_payer_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "auto_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "auto_confirm_threshold" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "listener_last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD COLUMN "listener_silence_seconds" integer DEFAULT 900 NOT NULL;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD COLUMN "payment_fiat_amount" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "merchant_checkout_logos" ADD CONSTRAINT "merchant_checkout_logos_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_bank_account_id_trader_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."trader_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_payin_order_id_payin_orders_id_fk" FOREIGN KEY ("payin_order_id") REFERENCES "public"."payin_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_notifications_trader_hash_key" ON "bank_notifications" USING btree ("trader_id","text_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_notifications_released_payin_key" ON "bank_notifications" USING btree ("payin_order_id") WHERE "bank_notifications"."match_status" in ('released', 'confirmed');--> statement-breakpoint
CREATE INDEX "bank_notifications_account_received_idx" ON "bank_notifications" USING btree ("bank_account_id","received_at");--> statement-breakpoint
CREATE INDEX "bank_notifications_trader_created_idx" ON "bank_notifications" USING btree ("trader_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_notifications_created_idx" ON "bank_notifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payin_orders_open_payment_amount_key" ON "payin_orders" USING btree ("trader_bank_account_id","payment_fiat_amount") WHERE "payin_orders"."payment_fiat_amount" is not null and "payin_orders"."status" in ('PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'PENDING_RELEASE');--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_accent_color_check" CHECK ("merchants"."checkout_accent_color" is null or "merchants"."checkout_accent_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD CONSTRAINT "trader_bank_accounts_threshold_check" CHECK ("trader_bank_accounts"."auto_confirm_threshold" between 0 and 100);--> statement-breakpoint
ALTER TABLE "trader_bank_accounts" ADD CONSTRAINT "trader_bank_accounts_silence_check" CHECK ("trader_bank_accounts"."listener_silence_seconds" > 0);