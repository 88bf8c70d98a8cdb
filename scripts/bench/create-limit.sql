-- The limit row of `npm run bench` (docs/performance.md, "The one-round-trip limit"): the statements
-- of one payout create (the same as pgbench-create.sql) inside one server-side function, so a
-- create is one round trip and one commit. The bench creates it in the bench database only; it is
-- not part of the product's schema. p_merchants is a comma-separated list of
-- merchant ids; p_index picks one (0 for the hot merchant).
CREATE OR REPLACE FUNCTION bench_create_payout_once(p_merchants text, p_index integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_merchant uuid := split_part(p_merchants, ',', p_index + 1)::uuid;
  v_id uuid := gen_random_uuid();
  v_key text := replace(gen_random_uuid()::text, '-', '');
  v_price numeric;
BEGIN
  INSERT INTO idempotency_records (principal_id, endpoint, key, request_hash, state, created_at, expires_at)
    VALUES (v_merchant, 'POST /api/v1/withdrawals', v_key, '6188499b58e97ff1dabc5fc0e83d725ced987881b96a091b664e7e2ba8df7d4c', 'in_flight', now(), now() + interval '1 day')
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM idempotency_records WHERE principal_id = v_merchant AND endpoint = 'POST /api/v1/withdrawals' AND key = v_key;
  SELECT q.price INTO v_price FROM trader_quotes q JOIN traders t ON t.id = q.trader_id
    WHERE q.side = 'BUY' AND q.active AND t.online AND t.status = 'active' AND q.min_fiat <= 100.00 AND q.max_fiat >= 100.00
    ORDER BY q.price DESC, t.last_matched_at ASC NULLS FIRST LIMIT 1;
  PERFORM value FROM platform_settings WHERE key = 'reference_rate.override';
  PERFORM q.price FROM trader_quotes q JOIN traders t ON t.id = q.trader_id WHERE q.side = 'BUY' AND q.active AND t.online AND t.status = 'active';
  INSERT INTO payout_orders (id, order_no, merchant_id, merchant_order_no, status, fiat_currency, usd_amount, usd_fee_amount,
      fee_bps, fx_rate, reference_rate, reference_fiat_amount, slippage, locked_fiat_amount, recipient_holder_name,
      recipient_bank_name, recipient_account, recipient_account_last4, recipient_account_fingerprint, match_due_at, created_at, updated_at)
    VALUES (v_id, 'PL' || substr(v_key, 1, 20), v_merchant, 'limit-' || v_key, 'PENDING_MATCH', 'CNY', 13.99, 0.05,
      30, 7.1500, 7.1150, 99.54, 0.004919, 100.00, 'Li Lei', 'Bank of China',
      'v1.demo.R9BdMpvJ4DhqMNmx.IKKZjKMkQnKnmB0m3rPa84rhzw.328r0cdLCs__wqqirArEMA', '3445',
      '7cb739b0472cd1c4e902af49d379dca79bdbfcf32a8e1aa19068e6807c9b7e7d', now() + interval '10 minutes', now(), now())
    ON CONFLICT (merchant_id, merchant_order_no) DO NOTHING;
  INSERT INTO order_transitions (flow, order_id, action, from_status, to_status, actor_type, actor_id, created_at)
    VALUES ('payout', v_id, 'create', null, 'PENDING_MATCH', 'merchant', v_merchant, now());
  UPDATE idempotency_records SET state = 'done', response_status = 201,
      response_body = '{"orderId":"' || v_id::text || '","status":"PENDING_MATCH","direction":"WITHDRAW","fiatAmount":"100.00","fiatCurrency":"CNY","usdAmount":"13.99","usdFeeAmount":"0.05"}'
    WHERE principal_id = v_merchant AND endpoint = 'POST /api/v1/withdrawals' AND key = v_key;
  PERFORM post_transfer('payout:' || v_id::text || ':freeze', 'payout.freeze', v_id, null,
    ARRAY['merchant:' || v_merchant::text || ':available', 'merchant:' || v_merchant::text || ':frozen'], ARRAY[-14.04, 14.04]::numeric[]);
END;
$$;
