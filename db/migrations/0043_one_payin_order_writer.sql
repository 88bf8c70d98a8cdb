-- Written by hand (drizzle-kit does not generate functions). create_payins as in migration 0042
-- ("Orders written before the trader's rows"), with its repeated parts named once:
-- insert_payin_orders is the one place a pay-in's order row is built, for the batch's first writes
-- and for a create that writes its own; idempotency_claim_identity is how a batch's claims are
-- matched to its creates; refuse_used_merchant_order_no tells a merchantOrderNo already used from
-- any other unique index's refusal.

-- "merchant endpoint key": one Idempotency-Key claim, as create_payins matches the claims its first
-- statement wrote to its creates. NULL for a create without a key. Inlined by the planner.
CREATE OR REPLACE FUNCTION idempotency_claim_identity(p_principal_id uuid, p_endpoint text, p_key text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT p_principal_id::text || ' ' || p_endpoint || ' ' || p_key $$;
--> statement-breakpoint

-- The one place a pay-in create's order row is built. Writes, in one statement, the orders `p_picks`
-- names: [{"at": <index in p_requests>, "candidate": <index in its candidates, or null>, "payment":
-- <the cent offset on an auto-confirm account, or null>}]. With a candidate: PENDING_PAYMENT at that
-- candidate's amounts, trader, account and routing, matched now. Without one: PENDING_MATCH at the
-- pending amounts. Returns the rows written; a row a unique index refused is left out, and the
-- caller tells why (refuse_used_merchant_order_no). One statement for many rows, not one per row:
-- the order counts' and routing completions' statement triggers fire once per statement.
CREATE OR REPLACE FUNCTION insert_payin_orders(p_requests jsonb, p_picks jsonb) RETURNS TABLE (order_id uuid, payment numeric)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH picked AS (
    SELECT x.request, x.request->'order' AS orders, c.candidate, x.payment, x.ord,
           CASE WHEN c.candidate IS NULL THEN x.request->'pending'->'amounts' ELSE c.candidate->'amounts' END AS amounts,
           (x.request->>'now')::timestamptz AS at_time
      FROM (SELECT p_requests->((p.value->>'at')::integer) AS request, (p.value->>'candidate')::integer AS candidate_index,
                   (p.value->>'payment')::numeric AS payment, p.ord
              FROM jsonb_array_elements(p_picks) WITH ORDINALITY AS p(value, ord)) x,
           LATERAL (SELECT x.request->'candidates'->x.candidate_index AS candidate) c
  ), written AS (
    INSERT INTO payin_orders AS o (id, order_no, merchant_id, merchant_order_no, status, asset_amount, fiat_amount,
        fx_rate, usd_amount, usd_fee_amount, fee_bps, quoted_at, trader_id, trader_bank_account_id,
        pay_token_hash, return_url, metadata, buyer_reference, payment_fiat_amount, client_address,
        expires_at, matched_at, routing, created_at, updated_at)
    SELECT (w.orders->>'id')::uuid, w.orders->>'orderNo', (w.request->>'merchantId')::uuid, w.orders->>'merchantOrderNo',
        CASE WHEN w.candidate IS NULL THEN 'PENDING_MATCH' ELSE 'PENDING_PAYMENT' END,
        (w.amounts->>'assetAmount')::numeric, (w.amounts->>'fiatAmount')::numeric, (w.amounts->>'fxRate')::numeric,
        (w.amounts->>'usdAmount')::numeric, (w.amounts->>'usdFeeAmount')::numeric, (w.orders->>'feeBps')::integer,
        (w.orders->>'quotedAt')::timestamptz, (w.candidate->>'traderId')::uuid, (w.candidate->>'bankAccountId')::uuid,
        w.orders->>'payTokenHash', w.orders->>'returnUrl', nullif(w.orders->'metadata', 'null'::jsonb), w.orders->>'buyerReference',
        w.payment, w.orders->>'clientAddress', (w.orders->>'expiresAt')::timestamptz,
        CASE WHEN w.candidate IS NULL THEN NULL ELSE w.at_time END, w.candidate->'routing', w.at_time, w.at_time
      FROM picked w
     ORDER BY w.ord
    ON CONFLICT DO NOTHING
    RETURNING o.id, o.payment_fiat_amount)
  SELECT written.id, written.payment_fiat_amount FROM written;
END;
$$;
--> statement-breakpoint

-- A pay-in row refused by a unique index: CR004 ('duplicate') when the merchant already has an order
-- with its merchantOrderNo; otherwise nothing, and the caller decides (another cent offset, an error).
CREATE OR REPLACE FUNCTION refuse_used_merchant_order_no(p_request jsonb) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM payin_orders
              WHERE merchant_id = (p_request->>'merchantId')::uuid AND merchant_order_no = p_request->'order'->>'merchantOrderNo') THEN
    RAISE EXCEPTION 'merchantOrderNo % is already used', p_request->'order'->>'merchantOrderNo' USING ERRCODE = 'CR004';
  END IF;
END;
$$;
--> statement-breakpoint

-- create_payins: the only writer of a pay-in create (server/payins/create-payin-batch.ts gives the
-- request's shape). After the first statements, each create runs in its own subtransaction: the
-- Idempotency-Key claim (or a replay, 'in_use', 'reused'; a request without "key" skips it), a
-- "refusal" rolled back with its claim, then each candidate in the order routing tried them, in a
-- nested subtransaction as the TypeScript savepoint was: bond cap, capacity claim, the order row
-- (with a free cent offset on an auto-confirm account; the first candidate's may be written
-- already, and goes if that candidate cannot take the order), the escrow (trader available ->
-- escrow), the timeline row and the trader's last_matched_at. A candidate whose escrow is refused
-- or whose account has no free offset is undone alone and the next is tried; without one, the
-- order waits in PENDING_MATCH at the best quoted rate ("pending"), with its risk hold if a review
-- rule held it ("hold"). The stored answer is the body prepared for the outcome taken. A duplicate
-- merchantOrderNo is 'duplicate'; any other error is 'error' with its SQLSTATE, and the create's
-- writes go with it.
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
  -- What the first statements wrote: "merchant endpoint key" of the keys claimed, the orders written.
  claimed_first text[] := '{}';
  written_ids uuid[] := '{}';
  written_payments numeric[] := '{}';
  request_index integer;
  key_identity text;
  held boolean;
  written_first boolean;
  written boolean;
  answer jsonb;
BEGIN
  -- Before any create takes a trader's rows: the batch's keys and its order rows, each in one
  -- statement. A batch of one trader waits for the other batch's locks on that trader's rows; it now
  -- waits with its orders written, and holds the rows it takes for less time per create.
  BEGIN
    PERFORM set_config('lock_timeout', p_in_flight_wait, true);
    WITH claims AS (
      INSERT INTO idempotency_records (principal_id, endpoint, key, request_hash, state, created_at, expires_at)
      SELECT (r.value->>'merchantId')::uuid, r.value->>'endpoint', r.value->>'key', r.value->>'requestHash',
             'in_flight', (r.value->>'now')::timestamptz, (r.value->>'expiresAt')::timestamptz
        FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(value, ord)
       WHERE r.value->>'key' IS NOT NULL AND NOT r.value ? 'refusal'
       ORDER BY r.ord
      ON CONFLICT DO NOTHING
      RETURNING idempotency_claim_identity(principal_id, endpoint, key) AS claim)
    SELECT coalesce(array_agg(claim), '{}') INTO claimed_first FROM claims;
    PERFORM set_config('lock_timeout', default_lock_timeout, true);

    -- Each order as its first candidate would take it (its cent offset on an auto-confirm account),
    -- or waiting in PENDING_MATCH when it has none; only for creates whose key was claimed above (the
    -- first of the batch with that key) or that have none. A row a unique index refuses, or an
    -- auto-confirm account without a free offset, is left to its create below.
    SELECT coalesce(array_agg(w.order_id), '{}'), coalesce(array_agg(w.payment), '{}') INTO written_ids, written_payments
      FROM insert_payin_orders(p_requests, (
        WITH requests AS (
          SELECT r.value AS request, r.ord,
                 idempotency_claim_identity((r.value->>'merchantId')::uuid, r.value->>'endpoint', r.value->>'key') AS key_identity,
                 r.value->'candidates'->0 AS first
            FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(value, ord)
           WHERE NOT r.value ? 'refusal'
        ), firsts AS (
          SELECT q.ord, q.first,
                 CASE WHEN (q.first->>'autoConfirm')::boolean
                      THEN free_payment_amount((q.first->>'bankAccountId')::uuid, (q.first->'amounts'->>'fiatAmount')::numeric) END AS payment,
                 row_number() OVER (PARTITION BY coalesce(q.key_identity, q.ord::text) ORDER BY q.ord) AS nth
            FROM requests q
           WHERE q.key_identity IS NULL OR q.key_identity = ANY(claimed_first)
        )
        SELECT coalesce(jsonb_agg(jsonb_build_object('at', f.ord - 1, 'candidate', CASE WHEN f.first IS NULL THEN NULL ELSE 0 END,
                                                     'payment', f.payment) ORDER BY f.ord), '[]')
          FROM firsts f
         WHERE f.nth = 1 AND (f.payment IS NOT NULL OR NOT coalesce((f.first->>'autoConfirm')::boolean, false)))) w;
  EXCEPTION
    WHEN OTHERS THEN
      -- A key in flight in another transaction past the wait, or any refusal of the statements: the
      -- creates write everything themselves below, as each would alone.
      claimed_first := '{}';
      written_ids := '{}';
      written_payments := '{}';
  END;

  FOR request_index IN 0 .. jsonb_array_length(p_requests) - 1 LOOP
    request := p_requests->request_index;
    key_identity := idempotency_claim_identity((request->>'merchantId')::uuid, request->>'endpoint', request->>'key');
    -- The first create of the batch with a key holds its claim; a repeat claims after it, as alone.
    held := key_identity IS NOT NULL AND key_identity = ANY(claimed_first);
    IF held THEN
      claimed_first := array_remove(claimed_first, key_identity);
    END IF;
    written_first := (request->'order'->>'id')::uuid = ANY(written_ids);
    written := written_first;
    BEGIN
      claimed := request->>'key' IS NULL OR held;
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
            IF written AND attempt_index = 0 THEN
              payment := written_payments[array_position(written_ids, (orders->>'id')::uuid)];
            END IF;
            LOOP
              EXIT WHEN written AND attempt_index = 0;
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
              EXIT WHEN EXISTS (SELECT FROM insert_payin_orders(p_requests, jsonb_build_array(
                jsonb_build_object('at', request_index, 'candidate', attempt_index, 'payment', payment))));
              PERFORM refuse_used_merchant_order_no(request);
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
        IF written THEN
          -- The first candidate could not take the order written for it: the next writes its own.
          DELETE FROM payin_orders WHERE id = (orders->>'id')::uuid;
          written := false;
        END IF;
        payment := NULL;
      END LOOP;

      IF matched IS NULL AND NOT written THEN
        IF NOT EXISTS (SELECT FROM insert_payin_orders(p_requests, jsonb_build_array(jsonb_build_object('at', request_index)))) THEN
          PERFORM refuse_used_merchant_order_no(request);
          RAISE EXCEPTION 'pay-in % could not be inserted', orders->>'id' USING ERRCODE = 'unique_violation';
        END IF;
      END IF;
      IF matched IS NULL THEN
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

      answer := jsonb_build_object('outcome', 'created', 'candidate', matched, 'paymentFiatAmount', payment::text);
    EXCEPTION
      WHEN SQLSTATE 'CR004' THEN
        answer := jsonb_build_object('outcome', 'duplicate');
      WHEN SQLSTATE 'CR005' THEN
        answer := jsonb_build_object('outcome', 'refused');
      WHEN lock_not_available THEN
        answer := jsonb_build_object('outcome', 'in_use');
      WHEN OTHERS THEN
        answer := jsonb_build_object('outcome', 'error', 'sqlstate', SQLSTATE);
    END;
    IF answer->>'outcome' <> 'created' THEN
      -- The create's own writes were rolled back; what the first statements wrote for it goes now.
      IF written_first THEN
        DELETE FROM payin_orders WHERE id = (request->'order'->>'id')::uuid;
      END IF;
      IF held THEN
        DELETE FROM idempotency_records
         WHERE principal_id = (request->>'merchantId')::uuid AND endpoint = request->>'endpoint' AND key = request->>'key';
      END IF;
    END IF;
    RETURN NEXT answer;
  END LOOP;
END;
$$;
