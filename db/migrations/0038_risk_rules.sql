CREATE TABLE "risk_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_holds_state_check" CHECK ("risk_holds"."state" in ('held', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid,
	"name" text NOT NULL,
	"flows" text[] NOT NULL,
	"condition" jsonb NOT NULL,
	"action" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_rules_action_check" CHECK ("risk_rules"."action" in ('allow', 'review', 'block'))
);
--> statement-breakpoint
DROP INDEX "payout_orders_recipient_fp_idx";--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "risk_holds" ADD CONSTRAINT "risk_holds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_holds" ADD CONSTRAINT "risk_holds_rule_id_risk_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."risk_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rules" ADD CONSTRAINT "risk_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_holds_order_key" ON "risk_holds" USING btree ("flow","order_id");--> statement-breakpoint
CREATE INDEX "risk_holds_held_idx" ON "risk_holds" USING btree ("created_at") WHERE "risk_holds"."state" = 'held';--> statement-breakpoint
CREATE INDEX "risk_rules_merchant_idx" ON "risk_rules" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "payout_orders_client_address_idx" ON "payout_orders" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "payin_orders_client_address_idx" ON "payin_orders" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "payout_orders_recipient_fp_idx" ON "payout_orders" USING btree ("recipient_account_fingerprint","created_at");--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate functions): create_payouts as migration 0025 left
-- it, with two additions for the risk rules (docs/risk.md): the order's client_address, and a
-- request's "hold" (the id of the review rule that held it) inserted as a risk_holds row in the
-- create's own subtransaction, so a held payout is never in the pool, not even for a moment.
CREATE OR REPLACE FUNCTION create_payouts(p_requests jsonb, p_in_flight_wait text) RETURNS SETOF jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  request jsonb;
  orders jsonb;
  record_row idempotency_records%ROWTYPE;
  default_lock_timeout text := current_setting('lock_timeout');
  claimed boolean;
  attempts integer;
  created integer := 0;
BEGIN
  FOR request IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
    BEGIN
      claimed := request->>'key' IS NULL;
      attempts := 0;
      WHILE NOT claimed LOOP
        attempts := attempts + 1;
        PERFORM set_config('lock_timeout', p_in_flight_wait, true);
        INSERT INTO idempotency_records (principal_id, endpoint, key, request_hash, state, created_at, expires_at)
        VALUES ((request->>'merchantId')::uuid, request->>'endpoint', request->>'key', request->>'requestHash',
                'in_flight', (request->>'now')::timestamptz, (request->>'expiresAt')::timestamptz)
        ON CONFLICT DO NOTHING;
        claimed := FOUND;
        PERFORM set_config('lock_timeout', default_lock_timeout, true);
        EXIT WHEN claimed;
        SELECT * INTO record_row FROM idempotency_records
         WHERE principal_id = (request->>'merchantId')::uuid AND endpoint = request->>'endpoint' AND key = request->>'key';
        IF FOUND AND record_row.expires_at <= (request->>'now')::timestamptz AND attempts < 3 THEN
          -- Expired but not pruned yet: the key is free again.
          DELETE FROM idempotency_records
           WHERE principal_id = record_row.principal_id AND endpoint = record_row.endpoint AND key = record_row.key;
        ELSIF FOUND THEN
          EXIT;
        ELSIF attempts >= 3 THEN
          RAISE EXCEPTION 'idempotency key % could not be claimed', request->>'key';
        END IF;
        -- Not found: pruned between the two statements; claim again.
      END LOOP;

      IF NOT claimed THEN
        IF record_row.state <> 'done' THEN
          RETURN NEXT jsonb_build_object('outcome', 'in_use');
        ELSIF record_row.request_hash <> request->>'requestHash' THEN
          RETURN NEXT jsonb_build_object('outcome', 'reused');
        ELSE
          RETURN NEXT jsonb_build_object('outcome', 'replayed', 'status', record_row.response_status, 'body', record_row.response_body);
        END IF;
        CONTINUE;
      END IF;

      IF request ? 'refusal' THEN
        -- Raised so that the claim is rolled back: a refused create leaves no record of its key.
        RAISE EXCEPTION 'payout create refused: %', request->>'refusal' USING ERRCODE = 'CR005';
      END IF;

      orders := request->'order';
      INSERT INTO payout_orders (id, order_no, merchant_id, merchant_order_no, status, fiat_currency, usd_amount,
          usd_fee_amount, fee_bps, fx_rate, reference_rate, reference_fiat_amount, slippage, locked_fiat_amount,
          recipient_holder_name, recipient_bank_name, recipient_account, recipient_account_last4,
          recipient_account_fingerprint, match_due_at, client_address, created_at, updated_at)
      VALUES ((orders->>'id')::uuid, orders->>'orderNo', (request->>'merchantId')::uuid, orders->>'merchantOrderNo',
          'PENDING_MATCH', 'CNY', (orders->>'usdAmount')::numeric, (orders->>'usdFeeAmount')::numeric,
          (orders->>'feeBps')::integer, (orders->>'fxRate')::numeric, (orders->>'referenceRate')::numeric,
          (orders->>'referenceFiatAmount')::numeric, (orders->>'slippage')::numeric,
          (orders->>'lockedFiatAmount')::numeric, orders->>'recipientHolderName', orders->>'recipientBankName',
          orders->>'recipientAccount', orders->>'recipientAccountLast4', orders->>'recipientAccountFingerprint',
          (orders->>'matchDueAt')::timestamptz, orders->>'clientAddress', (request->>'now')::timestamptz, (request->>'now')::timestamptz)
      ON CONFLICT (merchant_id, merchant_order_no) DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'merchantOrderNo % is already used', orders->>'merchantOrderNo' USING ERRCODE = 'CR004';
      END IF;

      IF request ? 'hold' THEN
        INSERT INTO risk_holds (flow, order_id, merchant_id, rule_id, state, created_at)
        VALUES ('payout', (orders->>'id')::uuid, (request->>'merchantId')::uuid, (request->>'hold')::uuid, 'held',
                (request->>'now')::timestamptz);
      END IF;

      INSERT INTO order_transitions (flow, order_id, action, from_status, to_status, actor_type, actor_id, created_at)
      VALUES ('payout', (orders->>'id')::uuid, 'create', NULL, 'PENDING_MATCH', 'merchant', (request->>'merchantId')::uuid,
              (request->>'now')::timestamptz);

      UPDATE idempotency_records SET state = 'done', response_status = 201, response_body = request->>'responseBody'
       WHERE request->>'key' IS NOT NULL AND principal_id = (request->>'merchantId')::uuid AND endpoint = request->>'endpoint' AND key = request->>'key';

      PERFORM post_transfer(request->>'transferId', 'payout.freeze', (orders->>'id')::uuid, NULL,
        ARRAY(SELECT jsonb_array_elements_text(request->'accounts')),
        ARRAY(SELECT jsonb_array_elements_text(request->'amounts')::numeric));

      created := created + 1;
      RETURN NEXT jsonb_build_object('outcome', 'created');
    EXCEPTION
      WHEN SQLSTATE 'CR001' THEN
        RETURN NEXT jsonb_build_object('outcome', 'insufficient_balance');
      WHEN SQLSTATE 'CR004' THEN
        RETURN NEXT jsonb_build_object('outcome', 'duplicate');
      WHEN SQLSTATE 'CR005' THEN
        RETURN NEXT jsonb_build_object('outcome', 'refused');
      WHEN lock_not_available THEN
        RETURN NEXT jsonb_build_object('outcome', 'in_use');
      WHEN OTHERS THEN
        RETURN NEXT jsonb_build_object('outcome', 'error', 'sqlstate', SQLSTATE);
    END;
  END LOOP;
  IF created > 0 THEN
    PERFORM pg_notify('corridor_pool', '');
  END IF;
END;
$$;
