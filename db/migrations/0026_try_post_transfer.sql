-- try_post_transfer: post_transfer (migration 0009) for a caller that goes on whatever the answer:
-- a refused leg (CR001, the balance is not enough; CR002, no such account) rolls back the transfer
-- alone, inside this statement's own subtransaction, and is answered instead of raised, so the
-- caller's transaction stays usable without a SAVEPOINT round trip of its own. A pay-in release
-- posts its settlement this way and, if refused, ends the order FAILED in the same transaction
-- (docs/state-machines.md, "Pay-in release").
--
-- Returns {"applied": true|false} as post_transfer does, or {"refused": "<SQLSTATE>", "account": "<id>"}.
CREATE OR REPLACE FUNCTION try_post_transfer(
  p_id text,
  p_kind text,
  p_order_id uuid,
  p_memo text,
  p_accounts text[],
  p_amounts numeric[]
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  refused_account text;
BEGIN
  RETURN jsonb_build_object('applied', post_transfer(p_id, p_kind, p_order_id, p_memo, p_accounts, p_amounts));
EXCEPTION
  WHEN SQLSTATE 'CR001' OR SQLSTATE 'CR002' THEN
    GET STACKED DIAGNOSTICS refused_account = PG_EXCEPTION_DETAIL;
    RETURN jsonb_build_object('refused', SQLSTATE, 'account', refused_account);
END;
$$;
