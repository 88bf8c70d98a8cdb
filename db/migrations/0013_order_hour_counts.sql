CREATE TABLE "merchant_order_hour_counts" (
	"flow" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"orders" bigint NOT NULL,
	CONSTRAINT "merchant_order_hour_counts_flow_merchant_id_hour_status_shard_pk" PRIMARY KEY("flow","merchant_id","hour","status","shard")
);
--> statement-breakpoint
-- The counters of 0004 gain a second table, per hour of creation (UTC, date_bin from the epoch so
-- the session's time zone never matters). Same statement-level triggers, same shard per connection,
-- same key order, so the lock order stays one order: merchant_order_counts first, then the hours.
CREATE OR REPLACE FUNCTION "merchant_order_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "merchant_order_counts" AS c ("flow", "merchant_id", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", "status", shard, count(*) FROM new_rows, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT ("flow", "merchant_id", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
    INSERT INTO "merchant_order_hour_counts" AS c ("flow", "merchant_id", "hour", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", date_bin('1 hour', "created_at", timestamptz '1970-01-01 00:00:00+00'), "status", shard, count(*)
      FROM new_rows, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
      ON CONFLICT ("flow", "merchant_id", "hour", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "merchant_order_counts" AS c ("flow", "merchant_id", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", "status", shard, sum("delta") FROM (
        SELECT "merchant_id", "status", -1 AS "delta" FROM old_rows
        UNION ALL
        SELECT "merchant_id", "status", 1 AS "delta" FROM new_rows
      ) AS moves, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4 HAVING sum("delta") <> 0 ORDER BY 2, 3, 4
      ON CONFLICT ("flow", "merchant_id", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
    INSERT INTO "merchant_order_hour_counts" AS c ("flow", "merchant_id", "hour", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", date_bin('1 hour', "created_at", timestamptz '1970-01-01 00:00:00+00'), "status", shard, sum("delta") FROM (
        SELECT "merchant_id", "created_at", "status", -1 AS "delta" FROM old_rows
        UNION ALL
        SELECT "merchant_id", "created_at", "status", 1 AS "delta" FROM new_rows
      ) AS moves, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4, 5 HAVING sum("delta") <> 0 ORDER BY 2, 3, 4, 5
      ON CONFLICT ("flow", "merchant_id", "hour", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  ELSE
    INSERT INTO "merchant_order_counts" AS c ("flow", "merchant_id", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", "status", shard, -count(*) FROM old_rows, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT ("flow", "merchant_id", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
    INSERT INTO "merchant_order_hour_counts" AS c ("flow", "merchant_id", "hour", "status", "shard", "orders")
      SELECT TG_ARGV[0], "merchant_id", date_bin('1 hour', "created_at", timestamptz '1970-01-01 00:00:00+00'), "status", shard, -count(*)
      FROM old_rows, (SELECT (pg_backend_pid() % 256)::smallint AS shard) AS pick
      GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
      ON CONFLICT ("flow", "merchant_id", "hour", "status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Orders that exist already, counted once into shard 0.
INSERT INTO "merchant_order_hour_counts" ("flow", "merchant_id", "hour", "status", "shard", "orders")
  SELECT 'payout', "merchant_id", date_bin('1 hour', "created_at", timestamptz '1970-01-01 00:00:00+00'), "status", 0, count(*) FROM "payout_orders" GROUP BY 2, 3, 4
  UNION ALL
  SELECT 'payin', "merchant_id", date_bin('1 hour', "created_at", timestamptz '1970-01-01 00:00:00+00'), "status", 0, count(*) FROM "payin_orders" GROUP BY 2, 3, 4;
