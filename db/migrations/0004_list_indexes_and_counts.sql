CREATE TABLE "merchant_order_counts" (
	"flow" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" bigint NOT NULL,
	CONSTRAINT "merchant_order_counts_flow_merchant_id_status_shard_pk" PRIMARY KEY("flow","merchant_id","status","shard")
);
--> statement-breakpoint
DROP INDEX "payout_orders_merchant_created_idx";--> statement-breakpoint
DROP INDEX "payout_orders_merchant_status_created_idx";--> statement-breakpoint
DROP INDEX "payout_orders_pool_idx";--> statement-breakpoint
DROP INDEX "payin_orders_merchant_created_idx";--> statement-breakpoint
DROP INDEX "payin_orders_merchant_status_created_idx";--> statement-breakpoint
DROP INDEX "outbox_events_merchant_created_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_merchant_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_idx";--> statement-breakpoint
CREATE INDEX "payout_orders_merchant_created_idx" ON "payout_orders" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payout_orders_merchant_status_created_idx" ON "payout_orders" USING btree ("merchant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payout_orders_pool_idx" ON "payout_orders" USING btree ("created_at" DESC NULLS FIRST) WHERE "payout_orders"."status" = 'PENDING_MATCH';--> statement-breakpoint
CREATE INDEX "payin_orders_merchant_created_idx" ON "payin_orders" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payin_orders_merchant_status_created_idx" ON "payin_orders" USING btree ("merchant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_events_merchant_created_idx" ON "outbox_events" USING btree ("merchant_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_merchant_idx" ON "webhook_deliveries" USING btree ("merchant_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_type","actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS FIRST);
--> statement-breakpoint
-- Exact per-status totals for the list endpoints, maintained in the writing transaction.
-- Statement-level triggers with transition tables: one upsert per statement (a bulk load of a
-- million rows costs one aggregate, not a million upserts), and an update that leaves every status
-- as it was writes nothing. Rows are upserted in key order so two transactions moving orders in
-- opposite directions lock the counters in the same order and cannot deadlock. Each connection
-- adds to its own shard (its backend pid modulo 256), so a merchant's concurrent creates do not
-- queue on one counter row from their INSERT until they commit.
CREATE FUNCTION "merchant_order_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "merchant_order_counts" AS c ("flow", "merchant_id", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", "status", shard, count(*) FROM new_rows, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT ("flow", "merchant_id", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "merchant_order_counts" AS c ("flow", "merchant_id", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", "status", shard, sum("delta") FROM (
        SELECT "merchant_id", "status", -1 AS "delta" FROM old_rows
        UNION ALL
        SELECT "merchant_id", "status", 1 AS "delta" FROM new_rows
      ) AS moves, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4 HAVING sum("delta") <> 0 ORDER BY 2, 3, 4
      ON CONFLICT ("flow", "merchant_id", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  ELSE
    INSERT INTO "merchant_order_counts" AS c ("flow", "merchant_id", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", "status", shard, -count(*) FROM old_rows, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT ("flow", "merchant_id", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payout_orders_count_insert" AFTER INSERT ON "payout_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_order_counts_apply"('payout');
--> statement-breakpoint
CREATE TRIGGER "payout_orders_count_update" AFTER UPDATE ON "payout_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_order_counts_apply"('payout');
--> statement-breakpoint
CREATE TRIGGER "payout_orders_count_delete" AFTER DELETE ON "payout_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_order_counts_apply"('payout');
--> statement-breakpoint
CREATE TRIGGER "payin_orders_count_insert" AFTER INSERT ON "payin_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_order_counts_apply"('payin');
--> statement-breakpoint
CREATE TRIGGER "payin_orders_count_update" AFTER UPDATE ON "payin_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_order_counts_apply"('payin');
--> statement-breakpoint
CREATE TRIGGER "payin_orders_count_delete" AFTER DELETE ON "payin_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_order_counts_apply"('payin');
--> statement-breakpoint
INSERT INTO "merchant_order_counts" ("flow", "merchant_id", "status", "shard", "orders")
  SELECT 'payout', "merchant_id", "status", 0, count(*) FROM "payout_orders" GROUP BY 2, 3
  UNION ALL
  SELECT 'payin', "merchant_id", "status", 0, count(*) FROM "payin_orders" GROUP BY 2, 3;
