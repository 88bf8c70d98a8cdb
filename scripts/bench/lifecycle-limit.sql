-- The lifecycle limit rows of `npm run bench` (docs/performance.md, "Lifecycles"): each step of a
-- payout's and a pay-in's life as one server-side function holding that step's writes (the order
-- row locked and moved, its timeline row, its ledger transfer, its event with its delivery and
-- alert-queue row, its signal), so a step is one round trip and one commit. No HTTP,
-- authentication, validation, pricing in Node or image decoding. Values Node computes per order
-- (amounts, rate, ciphertext) are fixed. The bench creates these in the bench database only;
-- they are not part of the product's schema. p_merchants / p_traders are comma-separated ids.

-- An event of the order, its delivery to the merchant's endpoint and its alert-queue row, as
-- server/orders/write-event.ts writes them in one statement.
CREATE OR REPLACE FUNCTION bench_lc_event(p_merchant uuid, p_type text, p_flow text, p_order uuid) RETURNS void
LANGUAGE sql AS $$
  WITH event AS (
    INSERT INTO outbox_events (id, merchant_id, type, flow, order_id, payload, created_at)
    VALUES ('evt_' || replace(gen_random_uuid()::text, '-', ''), p_merchant, p_type, p_flow, p_order,
      jsonb_build_object('type', p_type, 'data', jsonb_build_object('orderId', p_order, 'status', 'BENCH')), now())
    RETURNING id, merchant_id, created_at),
  queued AS (INSERT INTO alert_queue (event_id, created_at) SELECT id, created_at FROM event)
  INSERT INTO webhook_deliveries (event_id, merchant_id, url, next_attempt_at, created_at, updated_at)
  SELECT event.id, m.id, m.webhook_url, event.created_at, event.created_at, event.created_at
  FROM event JOIN merchants m ON m.id = event.merchant_id
  WHERE m.webhook_url IS NOT NULL AND m.webhook_disabled_at IS NULL;
$$;

CREATE OR REPLACE FUNCTION bench_lc_transition(p_flow text, p_order uuid, p_action text, p_from text, p_to text, p_actor_type text, p_actor uuid) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_transitions (flow, order_id, action, from_status, to_status, actor_type, actor_id, created_at)
  VALUES (p_flow, p_order, p_action, p_from, p_to, p_actor_type, p_actor, now());
$$;

-- Payout create: as scripts/bench/create-limit.sql (key claim, pricing reads, insert, timeline,
-- key answer, freeze), and the pool's signal.
CREATE OR REPLACE FUNCTION bench_lc_payout_create(p_merchants text, p_index integer) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant uuid := split_part(p_merchants, ',', p_index + 1)::uuid;
  v_id uuid := gen_random_uuid();
  v_key text := replace(gen_random_uuid()::text, '-', '');
  v_price numeric;
BEGIN
  INSERT INTO idempotency_records (principal_id, endpoint, key, request_hash, state, created_at, expires_at)
    VALUES (v_merchant, 'POST /api/v1/withdrawals', v_key, '6188499b58e97ff1dabc5fc0e83d725ced987881b96a091b664e7e2ba8df7d4c', 'in_flight', now(), now() + interval '1 day');
  SELECT q.price INTO v_price FROM trader_quotes q JOIN traders t ON t.id = q.trader_id
    WHERE q.side = 'BUY' AND q.active AND t.online AND t.status = 'active' AND q.min_fiat <= 100.00 AND q.max_fiat >= 100.00
    ORDER BY q.price DESC, t.last_matched_at ASC NULLS FIRST LIMIT 1;
  PERFORM value FROM platform_settings WHERE key = 'reference_rate.override';
  INSERT INTO payout_orders (id, order_no, merchant_id, merchant_order_no, status, fiat_currency, usd_amount, usd_fee_amount,
      fee_bps, fx_rate, reference_rate, reference_fiat_amount, slippage, locked_fiat_amount, recipient_holder_name,
      recipient_bank_name, recipient_account, recipient_account_last4, recipient_account_fingerprint, match_due_at, created_at, updated_at)
    VALUES (v_id, 'PC' || substr(v_key, 1, 20), v_merchant, 'lc-' || v_key, 'PENDING_MATCH', 'CNY', 13.99, 0.05,
      30, 7.1500, 7.1150, 99.54, 0.004919, 100.00, 'Li Lei', 'Bank of China',
      'v1.demo.R9BdMpvJ4DhqMNmx.IKKZjKMkQnKnmB0m3rPa84rhzw.328r0cdLCs__wqqirArEMA', '3445',
      '7cb739b0472cd1c4e902af49d379dca79bdbfcf32a8e1aa19068e6807c9b7e7d', now() + interval '10 minutes', now(), now());
  PERFORM bench_lc_transition('payout', v_id, 'create', null, 'PENDING_MATCH', 'merchant', v_merchant);
  UPDATE idempotency_records SET state = 'done', response_status = 201, response_body = '{"orderId":"' || v_id::text || '"}'
    WHERE principal_id = v_merchant AND endpoint = 'POST /api/v1/withdrawals' AND key = v_key;
  PERFORM post_transfer('payout:' || v_id::text || ':freeze', 'payout.freeze', v_id, null,
    ARRAY['merchant:' || v_merchant::text || ':available', 'merchant:' || v_merchant::text || ':frozen'], ARRAY[-14.04, 14.04]::numeric[]);
  PERFORM pg_notify('corridor_pool', '');
  RETURN v_id;
END;
$$;

-- Accept: the trader (locked, for its cap of open tasks), the order locked and moved to
-- PENDING_PAYMENT, the timeline, the event, the pool's signal, the trader's turn.
CREATE OR REPLACE FUNCTION bench_lc_payout_accept(p_order uuid, p_traders text, p_index integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_trader uuid := split_part(p_traders, ',', p_index + 1)::uuid;
  v_merchant uuid;
BEGIN
  PERFORM 1 FROM traders WHERE id = v_trader AND status = 'active' AND online FOR UPDATE;
  PERFORM count(*) FROM payout_orders WHERE trader_id = v_trader AND status IN ('PENDING_PAYMENT', 'PAYMENT_OVERDUE');
  SELECT merchant_id INTO v_merchant FROM payout_orders WHERE id = p_order AND status = 'PENDING_MATCH' FOR UPDATE;
  UPDATE payout_orders SET status = 'PENDING_PAYMENT', trader_id = v_trader, accepted_at = now(),
      payment_due_at = now() + interval '30 minutes', updated_at = now()
    WHERE id = p_order;
  PERFORM bench_lc_transition('payout', p_order, 'accept', 'PENDING_MATCH', 'PENDING_PAYMENT', 'trader', v_trader);
  PERFORM bench_lc_event(v_merchant, 'payout.accepted', 'payout', p_order);
  PERFORM pg_notify('corridor_pool', '');
  UPDATE traders SET last_matched_at = now() WHERE id = v_trader;
END;
$$;

-- Proof: the order locked and moved to PAYMENT_SUBMITTED, the timeline, one re-encoded image
-- (1 KB, as the bench's upload), the event.
CREATE OR REPLACE FUNCTION bench_lc_payout_proof(p_order uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant uuid;
  v_trader uuid;
BEGIN
  SELECT merchant_id, trader_id INTO v_merchant, v_trader FROM payout_orders WHERE id = p_order AND status = 'PENDING_PAYMENT' FOR UPDATE;
  UPDATE payout_orders SET status = 'PAYMENT_SUBMITTED', first_proof_submitted_at = now(),
      merchant_action_due_at = now() + interval '24 hours', updated_at = now()
    WHERE id = p_order;
  PERFORM bench_lc_transition('payout', p_order, 'submit_proof', 'PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'trader', v_trader);
  INSERT INTO proof_images (payout_order_id, trader_id, position, content_type, byte_size, width, height, original_sha256, data)
    VALUES (p_order, v_trader, 1, 'image/png', 1024, 320, 200, md5(p_order::text), decode(repeat('00', 1024), 'hex'));
  PERFORM bench_lc_event(v_merchant, 'payout.proof_submitted', 'payout', p_order);
END;
$$;

-- CONFIRM: the order locked and COMPLETED, frozen -> the trader and the platform's fee, the
-- timeline, the event.
CREATE OR REPLACE FUNCTION bench_lc_payout_confirm(p_order uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant uuid;
  v_trader uuid;
BEGIN
  SELECT merchant_id, trader_id INTO v_merchant, v_trader FROM payout_orders WHERE id = p_order AND status = 'PAYMENT_SUBMITTED' FOR UPDATE;
  UPDATE payout_orders SET status = 'COMPLETED', completed_at = now(), updated_at = now() WHERE id = p_order;
  PERFORM post_transfer('payout:' || p_order::text || ':release', 'payout.release', p_order, null,
    ARRAY['merchant:' || v_merchant::text || ':frozen', 'trader:' || v_trader::text || ':available', 'platform:fees:0'], ARRAY[-14.04, 13.99, 0.05]::numeric[]);
  PERFORM bench_lc_transition('payout', p_order, 'confirm', 'PAYMENT_SUBMITTED', 'COMPLETED', 'merchant', v_merchant);
  PERFORM bench_lc_event(v_merchant, 'payout.completed', 'payout', p_order);
END;
$$;

-- Pay-in create with its match: the key's claim, the best SELL quote and its bank account, the
-- insert, the trader's escrow, the timeline, the event, the checkout's signal.
CREATE OR REPLACE FUNCTION bench_lc_payin_create(p_merchants text, p_index integer) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant uuid := split_part(p_merchants, ',', p_index + 1)::uuid;
  v_id uuid := gen_random_uuid();
  v_key text := replace(gen_random_uuid()::text, '-', '');
  v_trader uuid;
  v_account uuid;
BEGIN
  INSERT INTO idempotency_records (principal_id, endpoint, key, request_hash, state, created_at, expires_at)
    VALUES (v_merchant, 'POST /api/v1/orders', v_key, '6188499b58e97ff1dabc5fc0e83d725ced987881b96a091b664e7e2ba8df7d4c', 'in_flight', now(), now() + interval '1 day');
  SELECT q.trader_id INTO v_trader FROM trader_quotes q JOIN traders t ON t.id = q.trader_id
    WHERE q.side = 'SELL' AND q.active AND t.online AND t.status = 'active'
    ORDER BY q.price ASC, t.last_matched_at ASC NULLS FIRST LIMIT 1 FOR UPDATE OF t;
  SELECT a.id INTO v_account FROM trader_bank_accounts a WHERE a.trader_id = v_trader AND a.active LIMIT 1;
  INSERT INTO payin_orders (id, order_no, merchant_id, merchant_order_no, status, asset_amount, fiat_amount, fx_rate, usd_amount,
      usd_fee_amount, fee_bps, quoted_at, trader_id, trader_bank_account_id, pay_token_hash, buyer_reference, expires_at, matched_at,
      created_at, updated_at)
    VALUES (v_id, 'PI' || substr(v_key, 1, 20), v_merchant, 'lc-' || v_key, 'PENDING_PAYMENT', 10, 72.00, 7.2000, 10.00,
      0.05, 50, now(), v_trader, v_account, md5(v_key), upper(substr(v_key, 1, 6)), now() + interval '15 minutes', now(), now(), now());
  PERFORM post_transfer('payin:' || v_id::text || ':escrow', 'payin.escrow', v_id, null,
    ARRAY['trader:' || v_trader::text || ':available', 'trader:' || v_trader::text || ':escrow'], ARRAY[-10, 10]::numeric[]);
  UPDATE traders SET last_matched_at = now() WHERE id = v_trader;
  PERFORM bench_lc_transition('payin', v_id, 'create', null, 'PENDING_PAYMENT', 'merchant', v_merchant);
  UPDATE idempotency_records SET state = 'done', response_status = 201, response_body = '{"orderId":"' || v_id::text || '"}'
    WHERE principal_id = v_merchant AND endpoint = 'POST /api/v1/orders' AND key = v_key;
  RETURN v_id;
END;
$$;

-- The buyer's "I Have Paid": the order locked and moved to PAYMENT_SUBMITTED, the timeline, the
-- event, the checkout's signal.
CREATE OR REPLACE FUNCTION bench_lc_payin_paid(p_order uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant uuid;
BEGIN
  SELECT merchant_id INTO v_merchant FROM payin_orders WHERE id = p_order AND status = 'PENDING_PAYMENT' FOR UPDATE;
  UPDATE payin_orders SET status = 'PAYMENT_SUBMITTED', payment_submitted_at = now(), updated_at = now() WHERE id = p_order;
  PERFORM bench_lc_transition('payin', p_order, 'submit_payment', 'PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'buyer', null);
  PERFORM bench_lc_event(v_merchant, 'order.payment_submitted', 'payin', p_order);
  PERFORM pg_notify('corridor_payin_changed', p_order::text);
END;
$$;

-- Release: the order locked, the settlement (escrow -> the merchant and the platform's fee), the
-- final state, the three timeline rows of PAYMENT_SUBMITTED -> PENDING_RELEASE -> SETTLING ->
-- COMPLETED in one insert, the event, the signal (server/payins/release-payin.ts).
CREATE OR REPLACE FUNCTION bench_lc_payin_release(p_order uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant uuid;
  v_trader uuid;
BEGIN
  SELECT merchant_id, trader_id INTO v_merchant, v_trader FROM payin_orders WHERE id = p_order AND status = 'PAYMENT_SUBMITTED' FOR UPDATE;
  PERFORM post_transfer('payin:' || p_order::text || ':settle', 'payin.settle', p_order, null,
    ARRAY['trader:' || v_trader::text || ':escrow', 'merchant:' || v_merchant::text || ':available', 'platform:fees:0'], ARRAY[-10, 9.95, 0.05]::numeric[]);
  UPDATE payin_orders SET status = 'COMPLETED', completed_at = now(), updated_at = now() WHERE id = p_order;
  INSERT INTO order_transitions (flow, order_id, action, from_status, to_status, actor_type, actor_id, created_at)
    VALUES ('payin', p_order, 'release', 'PAYMENT_SUBMITTED', 'PENDING_RELEASE', 'trader', v_trader, now()),
      ('payin', p_order, 'settle', 'PENDING_RELEASE', 'SETTLING', 'system', null, now()),
      ('payin', p_order, 'settled', 'SETTLING', 'COMPLETED', 'system', null, now());
  PERFORM bench_lc_event(v_merchant, 'order.completed', 'payin', p_order);
  PERFORM pg_notify('corridor_payin_changed', p_order::text);
END;
$$;

-- The webhook worker's part for one order: its deliveries claimed, each attempt recorded, each
-- marked delivered (server/webhooks/claim-deliveries.ts, deliver-webhook.ts), in one round trip
-- for the order instead of a claim per batch and a write per delivery.
CREATE OR REPLACE FUNCTION bench_lc_deliver(p_order uuid) RETURNS void
LANGUAGE sql AS $$
  WITH delivered AS (
    UPDATE webhook_deliveries d SET status = 'succeeded', attempts = 1, last_status_code = 200, delivered_at = now(), updated_at = now()
    FROM outbox_events e WHERE e.order_id = p_order AND d.event_id = e.id AND d.status = 'pending'
    RETURNING d.id)
  INSERT INTO webhook_attempts (delivery_id, attempt_no, status_code, latency_ms)
  SELECT id, 1, 200, 1 FROM delivered;
$$;
