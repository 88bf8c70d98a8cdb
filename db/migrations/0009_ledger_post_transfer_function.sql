-- post_transfer: one balanced ledger transfer in one statement (docs/ledger.md, "Posting a transfer").
-- server/ledger/post-transfer.ts checks the legs and calls it; the rules live in both places on
-- purpose: the TypeScript side gives clear errors early, this side is what the database enforces.
--
-- Returns true when the transfer was posted, false when a transfer with this id already exists
-- (a replay: nothing changes; the caller compares the stored legs). Legs arrive sorted by account id
-- so that concurrent transfers lock accounts in one order and cannot deadlock. A debit that would
-- take a balance below zero (unless the account may go negative) raises SQLSTATE CR001, a missing
-- account CR002, legs that do not sum to zero CR003; each aborts the caller's transaction.
CREATE OR REPLACE FUNCTION post_transfer(
  p_id text,
  p_kind text,
  p_order_id uuid,
  p_memo text,
  p_accounts text[],
  p_amounts numeric[]
) RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  leg integer;
BEGIN
  IF coalesce(array_length(p_accounts, 1), 0) < 2 OR array_length(p_accounts, 1) <> array_length(p_amounts, 1) THEN
    RAISE EXCEPTION 'transfer % needs at least two legs, one amount per account', p_id USING ERRCODE = 'CR003';
  END IF;
  IF (SELECT sum(amount) FROM unnest(p_amounts) AS amount) <> 0 THEN
    RAISE EXCEPTION 'transfer % does not balance', p_id USING ERRCODE = 'CR003';
  END IF;

  INSERT INTO ledger_transfers (id, kind, order_id, memo) VALUES (p_id, p_kind, p_order_id, p_memo)
  ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;

  FOR leg IN 1 .. array_length(p_accounts, 1) LOOP
    UPDATE ledger_accounts
       SET balance = balance + p_amounts[leg], updated_at = now()
     WHERE id = p_accounts[leg]
       AND (p_amounts[leg] > 0 OR allow_negative OR balance + p_amounts[leg] >= 0);
    IF NOT FOUND THEN
      IF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = p_accounts[leg]) THEN
        RAISE EXCEPTION 'the balance of % is not enough for transfer %', p_accounts[leg], p_id
          USING ERRCODE = 'CR001', DETAIL = p_accounts[leg];
      END IF;
      RAISE EXCEPTION 'ledger account % does not exist (transfer %)', p_accounts[leg], p_id
        USING ERRCODE = 'CR002', DETAIL = p_accounts[leg];
    END IF;
  END LOOP;

  INSERT INTO ledger_postings (transfer_id, account_id, amount)
  SELECT p_id, account_id, amount FROM unnest(p_accounts, p_amounts) AS legs (account_id, amount);
  RETURN true;
END;
$$;
