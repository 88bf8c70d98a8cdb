-- The statements one payout create sends (captured with log_statement = all), in the same
-- transaction and order, for pgbench: no HTTP, authentication or validation. Values that Node
-- computes per request (amounts, rate, ciphertext, fingerprint) are fixed here; ids and keys are
-- fresh per transaction (a colon inside a literal would read as a pgbench variable, hence
-- chr(58)). Variables: :merchant (uuid), :available and :frozen (its account ids).
select gen_random_uuid() as id, replace(gen_random_uuid()::text, '-', '') as key \gset
BEGIN;
set local lock_timeout = '200ms';
insert into idempotency_records (principal_id, endpoint, key, request_hash, state, created_at, expires_at)
  values (:merchant::uuid, 'POST /api/v1/withdrawals', :key::text, '6188499b58e97ff1dabc5fc0e83d725ced987881b96a091b664e7e2ba8df7d4c', 'in_flight', now(), now() + interval '1 day')
  on conflict do nothing returning key;
set local lock_timeout to default;
select principal_id, endpoint, key, request_hash, state, response_status, response_body, created_at, expires_at
  from idempotency_records where principal_id = :merchant::uuid and endpoint = 'POST /api/v1/withdrawals' and key = :key::text;
select q.trader_id, q.price from trader_quotes q join traders t on t.id = q.trader_id
  where q.side = 'BUY' and q.active and t.online and t.status = 'active' and q.min_fiat <= 100.00 and q.max_fiat >= 100.00
  order by q.price desc, t.last_matched_at asc nulls first limit 1;
select value from platform_settings where key = 'reference_rate.override';
select q.price from trader_quotes q join traders t on t.id = q.trader_id where q.side = 'BUY' and q.active and t.online and t.status = 'active';
insert into payout_orders (id, order_no, merchant_id, merchant_order_no, status, fiat_currency, usd_amount, usd_fee_amount,
    fee_bps, fx_rate, reference_rate, reference_fiat_amount, slippage, locked_fiat_amount, recipient_holder_name,
    recipient_bank_name, recipient_account, recipient_account_last4, recipient_account_fingerprint, match_due_at, created_at, updated_at)
  values (:id::uuid, 'PB' || substr(:key::text, 1, 20), :merchant::uuid, 'pgbench-' || :key::text, 'PENDING_MATCH', 'CNY', 13.99, 0.05,
    30, 7.1500, 7.1150, 99.54, 0.004919, 100.00, 'Li Lei', 'Bank of China',
    'v1.demo.R9BdMpvJ4DhqMNmx.IKKZjKMkQnKnmB0m3rPa84rhzw.328r0cdLCs__wqqirArEMA', '3445',
    '7cb739b0472cd1c4e902af49d379dca79bdbfcf32a8e1aa19068e6807c9b7e7d', now() + interval '10 minutes', now(), now())
  on conflict (merchant_id, merchant_order_no) do nothing returning *;
insert into order_transitions (flow, order_id, action, from_status, to_status, actor_type, actor_id, created_at)
  values ('payout', :id::uuid, 'create', null, 'PENDING_MATCH', 'merchant', :merchant::uuid, now());
update idempotency_records set state = 'done', response_status = 201,
    response_body = '{"orderId":"' || :id::text || '","status":"PENDING_MATCH","direction":"WITHDRAW","fiatAmount":"100.00","fiatCurrency":"CNY","usdAmount":"13.99","usdFeeAmount":"0.05"}'
  where principal_id = :merchant::uuid and endpoint = 'POST /api/v1/withdrawals' and key = :key::text;
select post_transfer(concat_ws(chr(58), 'payout', :id::text, 'freeze'), 'payout.freeze', :id::uuid, null,
    array[:available, :frozen]::text[], array[-14.04, 14.04]::numeric[]) as applied;
COMMIT;
