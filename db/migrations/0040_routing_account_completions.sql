-- Routing's success rates read every pay-in matched in the scoring window on every create
-- (docs/performance.md, "The routing read"): 4.9 ms a read at 2,000 pay-ins in the window, 33 ms at
-- 22,000. Completions, most of a window, are now counted per receiving account and minute of
-- matching by triggers in the same transaction as each change; failures, which routing needs one
-- by one (the penalty and pauses count them by the time they happened), get an index of their own.
-- The function, type and triggers are written by hand (drizzle-kit does not generate them).

-- A matched pay-in's outcome for routing (docs/routing.md, "Signals"): failed when disputed, ruled
-- failed, or cancelled at or after its deadline (expired before the buyer paid); completed when
-- completed without a dispute; otherwise none yet. The one definition: the triggers, the failures'
-- index and routing's reads use it.
CREATE FUNCTION "payin_outcome"(p_status text, p_disputed_at timestamptz, p_cancelled_at timestamptz, p_expires_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_disputed_at IS NOT NULL OR p_status = 'FAILED' OR (p_status = 'CANCELLED' AND p_cancelled_at >= p_expires_at) THEN 'failed'
              WHEN p_status = 'COMPLETED' THEN 'completed' END
$$;
--> statement-breakpoint
CREATE TABLE "routing_account_completions" (
	"account_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "routing_account_completions_account_id_minute_pk" PRIMARY KEY("account_id","minute")
);
--> statement-breakpoint
CREATE INDEX "payin_orders_failures_idx" ON "payin_orders" USING btree ("matched_at") WHERE payin_outcome("payin_orders"."status", "payin_orders"."disputed_at", "payin_orders"."cancelled_at", "payin_orders"."expires_at") = 'failed';
--> statement-breakpoint
-- Adds up completions gained (+1) and lost (-1) per account and minute of matching, and writes
-- the rows whose count changed, in key order so that two transactions cannot deadlock on them.
CREATE FUNCTION "routing_account_completions_add"(p_accounts uuid[], p_matched timestamptz[], p_deltas int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "routing_account_completions" AS c ("account_id", "minute", "completed")
    SELECT "account_id", date_bin('1 minute', "matched_at", '2000-01-01 00:00:00+00'), sum("delta")
    FROM unnest(p_accounts, p_matched, p_deltas) AS m("account_id", "matched_at", "delta")
    GROUP BY 1, 2
    HAVING sum("delta") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "completed" = c."completed" + excluded."completed"
$$;
--> statement-breakpoint
-- Statement-level, with transition tables, as the order counters are (migration 0004): one upsert
-- per statement, and nothing written when no order's completion moved. No shards: an account's
-- completions arrive at the pace its trader releases, and a release already holds that trader's
-- balances until it commits.
CREATE FUNCTION "routing_account_completions_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the operations that have it, so each operation names its own.
  IF TG_OP = 'INSERT' THEN
    PERFORM routing_account_completions_add(array_agg(trader_bank_account_id), array_agg(matched_at), array_agg(1))
      FROM new_rows
      WHERE trader_bank_account_id IS NOT NULL AND matched_at IS NOT NULL
        AND payin_outcome(status, disputed_at, cancelled_at, expires_at) = 'completed'
      HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM routing_account_completions_add(array_agg(account_id), array_agg(matched_at), array_agg(delta))
      FROM (
        SELECT trader_bank_account_id AS account_id, matched_at, -1 AS delta FROM old_rows
        WHERE trader_bank_account_id IS NOT NULL AND matched_at IS NOT NULL
          AND payin_outcome(status, disputed_at, cancelled_at, expires_at) = 'completed'
        UNION ALL
        SELECT trader_bank_account_id, matched_at, 1 FROM new_rows
        WHERE trader_bank_account_id IS NOT NULL AND matched_at IS NOT NULL
          AND payin_outcome(status, disputed_at, cancelled_at, expires_at) = 'completed'
      ) AS moves
      HAVING count(*) > 0;
  ELSE
    PERFORM routing_account_completions_add(array_agg(trader_bank_account_id), array_agg(matched_at), array_agg(-1))
      FROM old_rows
      WHERE trader_bank_account_id IS NOT NULL AND matched_at IS NOT NULL
        AND payin_outcome(status, disputed_at, cancelled_at, expires_at) = 'completed'
      HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payin_orders_completions_insert" AFTER INSERT ON "payin_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "routing_account_completions_apply"();
--> statement-breakpoint
CREATE TRIGGER "payin_orders_completions_update" AFTER UPDATE ON "payin_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "routing_account_completions_apply"();
--> statement-breakpoint
CREATE TRIGGER "payin_orders_completions_delete" AFTER DELETE ON "payin_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "routing_account_completions_apply"();
--> statement-breakpoint
-- The completions of the pay-ins already matched.
INSERT INTO "routing_account_completions" ("account_id", "minute", "completed")
  SELECT "trader_bank_account_id", date_bin('1 minute', "matched_at", '2000-01-01 00:00:00+00'), count(*)
  FROM "payin_orders"
  WHERE "trader_bank_account_id" IS NOT NULL AND "matched_at" IS NOT NULL
    AND payin_outcome("status", "disputed_at", "cancelled_at", "expires_at") = 'completed'
  GROUP BY 1, 2;
