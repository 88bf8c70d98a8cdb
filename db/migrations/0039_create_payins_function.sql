-- Written by hand (drizzle-kit does not generate functions). A pay-in create's writes move into the
-- database, as the payout create's did (migrations "create payouts function" and "one payout
-- writer"; docs/performance.md, "One pay-in write path"): create_payins writes a whole batch of
-- creates, prepared in TypeScript (routing, risk, amounts, token), in one statement.
--
-- The three checks of a match become functions first, so that the create and the match of a
-- queued pay-in (server/payins/match-queued-payin.ts) call the same rules: the TypeScript helpers
-- (server/bond/trader-exposure.ts, server/routing/claim-account-capacity.ts,
-- server/payins/payment-amount.ts) are now calls of these.

-- Whether a pay-in of p_asset USDT may be matched to the trader under the bond's cap (docs/routing.md,
-- "Bond and exposure"): true at once while the cap is off; otherwise locks the trader's row (accepts,
-- matches and bond moves of one trader that check the cap run one after another) and compares
-- escrow + unpaid accepted payouts + p_asset with bond x multiple (the trader's own, else p_multiple).
CREATE OR REPLACE FUNCTION payin_fits_bond_cap(p_trader uuid, p_asset numeric, p_cap_enabled boolean, p_multiple numeric)
RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  bond numeric;
  exposure numeric;
  multiple numeric;
BEGIN
  IF NOT p_cap_enabled THEN
    RETURN true;
  END IF;
  SELECT coalesce(bond_multiple, p_multiple) INTO multiple FROM traders WHERE id = p_trader FOR UPDATE;
  multiple := coalesce(multiple, p_multiple);
  SELECT coalesce((SELECT balance FROM ledger_accounts WHERE id = 'trader:' || p_trader || ':bond'), 0),
         coalesce((SELECT balance FROM ledger_accounts WHERE id = 'trader:' || p_trader || ':escrow'), 0)
         + (SELECT coalesce(sum(usd_amount), 0) FROM payout_orders
             WHERE trader_id = p_trader AND status IN ('PENDING_PAYMENT', 'PAYMENT_OVERDUE'))
    INTO bond, exposure;
  -- The cap at the ledger's 6 decimals, as traderExposure shows it.
  RETURN exposure + p_asset <= round(bond * multiple, 6);
END;
$$;
--> statement-breakpoint

-- Counts one order of p_fiat CNY on the account, only while it is under its daily order and CNY
-- limits, out of its cooldown and, for a trader the new-trader gate holds, within the gate's
-- count and per-order maximum (docs/routing.md, "Account limits", "New traders"). One conditional
-- update: a concurrent match on the same account waits for this row and re-checks the limits
-- against what this one wrote. p_day is the routing day (server/routing/routing-day.ts);
-- p_limits and p_new_trader are the routing settings' "limits" and "newTrader".
CREATE OR REPLACE FUNCTION claim_account_capacity(p_account uuid, p_fiat numeric, p_now timestamptz, p_day date, p_limits jsonb, p_new_trader jsonb)
RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  default_orders integer := (p_limits->>'defaultDailyOrders')::integer;
  default_fiat numeric := (p_limits->>'defaultDailyFiat')::numeric;
  default_cooldown integer := (p_limits->>'defaultCooldownSeconds')::integer;
  gate_on boolean := coalesce((p_new_trader->>'enabled')::boolean, false);
  gate_orders integer := (p_new_trader->>'dailyOrders')::integer;
  gate_max numeric := (p_new_trader->>'maxOrderFiat')::numeric;
BEGIN
  UPDATE trader_bank_accounts SET
    usage_orders = CASE WHEN usage_day = p_day THEN usage_orders + 1 ELSE 1 END,
    usage_fiat = CASE WHEN usage_day = p_day THEN usage_fiat + p_fiat ELSE p_fiat END,
    usage_day = p_day,
    last_order_at = greatest(last_order_at, p_now)
  WHERE id = p_account
    AND (coalesce(daily_order_limit, default_orders) IS NULL
         OR (CASE WHEN usage_day = p_day THEN usage_orders ELSE 0 END) < coalesce(daily_order_limit, default_orders))
    AND (coalesce(daily_fiat_limit, default_fiat) IS NULL
         OR (CASE WHEN usage_day = p_day THEN usage_fiat ELSE 0 END) + p_fiat <= coalesce(daily_fiat_limit, default_fiat))
    AND (last_order_at IS NULL OR coalesce(cooldown_seconds, default_cooldown) = 0
         OR last_order_at <= p_now - coalesce(cooldown_seconds, default_cooldown) * interval '1 second')
    AND (NOT gate_on
         OR EXISTS (SELECT 1 FROM trader_reputation r WHERE r.trader_id = trader_bank_accounts.trader_id AND r.gate_lifted_at IS NOT NULL)
         OR ((CASE WHEN usage_day = p_day THEN usage_orders ELSE 0 END) < gate_orders AND p_fiat <= gate_max));
  RETURN FOUND;
END;
$$;
--> statement-breakpoint

-- What the buyer transfers to an auto-confirm account (docs/trader-guide.md, "Cent offsets"):
-- p_fiat plus the smallest k cents (0-99) no open pay-in on that account expects; null when all
-- 100 are taken. A concurrent pay-in may take the same one first: the unique index
-- payin_orders_open_payment_amount_key refuses the second, whose caller asks again.
CREATE OR REPLACE FUNCTION free_payment_amount(p_account uuid, p_fiat numeric)
RETURNS numeric
LANGUAGE sql
STABLE
AS $$
  SELECT round(p_fiat + k * 0.01, 2)
    FROM generate_series(0, 99) AS k
   WHERE NOT EXISTS (
     SELECT 1 FROM payin_orders
      WHERE trader_bank_account_id = p_account
        AND status IN ('PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'PENDING_RELEASE')
        AND payment_fiat_amount = round(p_fiat + k * 0.01, 2))
   ORDER BY k
   LIMIT 1
$$;
--> statement-breakpoint

-- create_payins: the only writer of a pay-in create (server/payins/create-payin-batch.ts gives the
-- request's shape). Each create runs in its own subtransaction: the Idempotency-Key claim (or a
-- replay, 'in_use', 'reused'; a request without "key" skips it), a "refusal" rolled back with its
-- claim, then each candidate in the order routing tried them, in a nested subtransaction as the
-- TypeScript savepoint was: bond cap, capacity claim, the order row (with a free cent offset on an
-- auto-confirm account), the escrow (trader available -> escrow), the timeline row and the
-- trader's last_matched_at. A candidate whose escrow is refused or whose account has no free
-- offset is undone alone and the next is tried; without one, the order waits in PENDING_MATCH at
-- the best quoted rate ("pending"), with its risk hold if a review rule held it ("hold"). The
-- stored answer is the body prepared for the outcome taken. A duplicate merchantOrderNo is
-- 'duplicate'; any other error is 'error' with its SQLSTATE, and the create's writes go with it.
--
-- Answers, in request order: {"outcome": "created", "candidate": <index or null>,
-- "paymentFiatAmount": <text or null>} and the refusals above.
CREATE OR REPLACE FUNCTION create_payins(p_requests jsonb, p_in_flight_wait text) RETURNS SETOF jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  request jsonb;
  orders jsonb;
  candidate jsonb;
  amounts jsonb;
  settings jsonb;
  record_row idempotency_records%ROWTYPE;
  default_lock_timeout text := current_setting('lock_timeout');
  claimed boolean;
  attempts integer;
  matched integer;
  attempt_index integer;
  payment numeric;
  body text;
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
        RAISE EXCEPTION 'pay-in create refused: %', request->>'refusal' USING ERRCODE = 'CR005';
      END IF;

      orders := request->'order';
      settings := request->'settings';
      matched := NULL;
      payment := NULL;
      FOR attempt_index IN 0 .. coalesce(jsonb_array_length(request->'candidates'), 0) - 1 LOOP
        candidate := request->'candidates'->attempt_index;
        amounts := candidate->'amounts';
        BEGIN
          IF payin_fits_bond_cap((candidate->>'traderId')::uuid, (amounts->>'assetAmount')::numeric,
                                 (settings->'bond'->>'capEnabled')::boolean, (settings->'bond'->>'multiple')::numeric)
             AND claim_account_capacity((candidate->>'bankAccountId')::uuid, (amounts->>'fiatAmount')::numeric,
                                        (request->>'now')::timestamptz, (settings->>'day')::date,
                                        settings->'limits', settings->'newTrader') THEN
            attempts := 0;
            LOOP
              attempts := attempts + 1;
              IF (candidate->>'autoConfirm')::boolean THEN
                payment := free_payment_amount((candidate->>'bankAccountId')::uuid, (amounts->>'fiatAmount')::numeric);
                IF payment IS NULL OR attempts > 5 THEN
                  -- No free offset for this amount: the claim goes with the nested subtransaction.
                  RAISE EXCEPTION 'no free cent offset' USING ERRCODE = 'CR006';
                END IF;
              END IF;
              -- Any unique index: a merchantOrderNo already used is told apart below, a cent offset
              -- another create took first is asked for again (never twice the same: it is taken now).
              INSERT INTO payin_orders (id, order_no, merchant_id, merchant_order_no, status, asset_amount, fiat_amount,
                  fx_rate, usd_amount, usd_fee_amount, fee_bps, quoted_at, trader_id, trader_bank_account_id,
                  pay_token_hash, return_url, metadata, buyer_reference, payment_fiat_amount, client_address,
                  expires_at, matched_at, routing, created_at, updated_at)
              VALUES ((orders->>'id')::uuid, orders->>'orderNo', (request->>'merchantId')::uuid, orders->>'merchantOrderNo',
                  'PENDING_PAYMENT', (amounts->>'assetAmount')::numeric, (amounts->>'fiatAmount')::numeric,
                  (amounts->>'fxRate')::numeric, (amounts->>'usdAmount')::numeric, (amounts->>'usdFeeAmount')::numeric,
                  (orders->>'feeBps')::integer, (orders->>'quotedAt')::timestamptz, (candidate->>'traderId')::uuid,
                  (candidate->>'bankAccountId')::uuid, orders->>'payTokenHash', orders->>'returnUrl', nullif(orders->'metadata', 'null'::jsonb),
                  orders->>'buyerReference', payment, orders->>'clientAddress', (orders->>'expiresAt')::timestamptz,
                  (request->>'now')::timestamptz, candidate->'routing', (request->>'now')::timestamptz, (request->>'now')::timestamptz)
              ON CONFLICT DO NOTHING;
              EXIT WHEN FOUND;
              IF EXISTS (SELECT 1 FROM payin_orders WHERE merchant_id = (request->>'merchantId')::uuid AND merchant_order_no = orders->>'merchantOrderNo') THEN
                RAISE EXCEPTION 'merchantOrderNo % is already used', orders->>'merchantOrderNo' USING ERRCODE = 'CR004';
              END IF;
              IF NOT (candidate->>'autoConfirm')::boolean THEN
                RAISE EXCEPTION 'pay-in % could not be inserted', orders->>'id' USING ERRCODE = 'unique_violation';
              END IF;
            END LOOP;
            -- The escrow first: a refused escrow (CR001) undoes this candidate alone.
            PERFORM post_transfer('payin:' || (orders->>'id') || ':escrow', 'payin.escrow', (orders->>'id')::uuid, NULL,
              ARRAY(SELECT jsonb_array_elements_text(candidate->'escrow'->'accounts')),
              ARRAY(SELECT jsonb_array_elements_text(candidate->'escrow'->'amounts')::numeric));
            INSERT INTO order_transitions (flow, order_id, action, from_status, to_status, actor_type, actor_id, created_at)
            VALUES ('payin', (orders->>'id')::uuid, 'create', NULL, 'PENDING_PAYMENT', 'merchant', (request->>'merchantId')::uuid,
                    (request->>'now')::timestamptz);
            UPDATE traders SET last_matched_at = (request->>'now')::timestamptz WHERE id = (candidate->>'traderId')::uuid;
            matched := attempt_index;
          END IF;
        EXCEPTION
          WHEN SQLSTATE 'CR001' OR SQLSTATE 'CR006' THEN
            payment := NULL;
        END;
        EXIT WHEN matched IS NOT NULL;
        payment := NULL;
      END LOOP;

      IF matched IS NULL THEN
        amounts := request->'pending'->'amounts';
        INSERT INTO payin_orders (id, order_no, merchant_id, merchant_order_no, status, asset_amount, fiat_amount,
            fx_rate, usd_amount, usd_fee_amount, fee_bps, quoted_at, pay_token_hash, return_url, metadata,
            buyer_reference, client_address, expires_at, created_at, updated_at)
        VALUES ((orders->>'id')::uuid, orders->>'orderNo', (request->>'merchantId')::uuid, orders->>'merchantOrderNo',
            'PENDING_MATCH', (amounts->>'assetAmount')::numeric, (amounts->>'fiatAmount')::numeric,
            (amounts->>'fxRate')::numeric, (amounts->>'usdAmount')::numeric, (amounts->>'usdFeeAmount')::numeric,
            (orders->>'feeBps')::integer, (orders->>'quotedAt')::timestamptz, orders->>'payTokenHash',
            orders->>'returnUrl', nullif(orders->'metadata', 'null'::jsonb), orders->>'buyerReference', orders->>'clientAddress',
            (orders->>'expiresAt')::timestamptz, (request->>'now')::timestamptz, (request->>'now')::timestamptz)
        ON CONFLICT (merchant_id, merchant_order_no) DO NOTHING;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'merchantOrderNo % is already used', orders->>'merchantOrderNo' USING ERRCODE = 'CR004';
        END IF;
        INSERT INTO order_transitions (flow, order_id, action, from_status, to_status, actor_type, actor_id, created_at)
        VALUES ('payin', (orders->>'id')::uuid, 'create', NULL, 'PENDING_MATCH', 'merchant', (request->>'merchantId')::uuid,
                (request->>'now')::timestamptz);
        IF request ? 'hold' THEN
          INSERT INTO risk_holds (flow, order_id, merchant_id, rule_id, state, created_at)
          VALUES ('payin', (orders->>'id')::uuid, (request->>'merchantId')::uuid, (request->>'hold')::uuid, 'held',
                  (request->>'now')::timestamptz);
        END IF;
        body := request->'pending'->>'responseBody';
      ELSE
        body := request->'candidates'->matched->>'responseBody';
      END IF;

      UPDATE idempotency_records SET state = 'done', response_status = 201, response_body = body
       WHERE request->>'key' IS NOT NULL AND principal_id = (request->>'merchantId')::uuid AND endpoint = request->>'endpoint' AND key = request->>'key';

      RETURN NEXT jsonb_build_object('outcome', 'created', 'candidate', matched, 'paymentFiatAmount', payment::text);
    EXCEPTION
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
END;
$$;
