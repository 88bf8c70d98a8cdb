-- create_payouts becomes the only writer of a payout create (docs/performance.md, "One payout write
-- path"): the API's creates arrive in batches, a lone create is a batch of one, and the rules that
-- decide an outcome (key claim, duplicate refusal, timeline row, stored answer, freeze) live here
-- and nowhere else. Two additions to migration 0014's definition:
--   * a request may carry "refusal" (the create was refused before writing anything: no quote, an
--     amount too small): its key is still claimed first, so a replay of an earlier create answers
--     as a replay, then the claim is rolled back and it answers 'refused'. A refused create costs
--     the same one statement as an accepted one;
--   * a request without "key" (seeding, tests: a create inside a caller's transaction with no
--     Idempotency-Key) skips the claim and the stored answer.
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
          recipient_account_fingerprint, match_due_at, created_at, updated_at)
      VALUES ((orders->>'id')::uuid, orders->>'orderNo', (request->>'merchantId')::uuid, orders->>'merchantOrderNo',
          'PENDING_MATCH', 'CNY', (orders->>'usdAmount')::numeric, (orders->>'usdFeeAmount')::numeric,
          (orders->>'feeBps')::integer, (orders->>'fxRate')::numeric, (orders->>'referenceRate')::numeric,
          (orders->>'referenceFiatAmount')::numeric, (orders->>'slippage')::numeric,
          (orders->>'lockedFiatAmount')::numeric, orders->>'recipientHolderName', orders->>'recipientBankName',
          orders->>'recipientAccount', orders->>'recipientAccountLast4', orders->>'recipientAccountFingerprint',
          (orders->>'matchDueAt')::timestamptz, (request->>'now')::timestamptz, (request->>'now')::timestamptz)
      ON CONFLICT (merchant_id, merchant_order_no) DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'merchantOrderNo % is already used', orders->>'merchantOrderNo' USING ERRCODE = 'CR004';
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
