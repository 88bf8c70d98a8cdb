-- The platform's fee stripes (docs/ledger.md "Platform fees"): every fee used to credit the one
-- 'platform:fees' row, whose lock each settling transaction held until it committed. Fees now go to
-- one of 16 accounts chosen from the order id (server/ledger/account-ids.ts); 'platform:fees' keeps
-- the fees posted before and is read together with the stripes.
INSERT INTO "ledger_accounts" ("id", "owner_type", "owner_id", "kind", "allow_negative")
SELECT 'platform:fees:' || stripe, 'platform', NULL, 'fees', false
FROM generate_series(0, 15) AS stripe
ON CONFLICT ("id") DO NOTHING;
