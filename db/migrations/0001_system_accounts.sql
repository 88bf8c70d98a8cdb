-- The two system accounts of the ledger: platform fees (never negative) and the external world,
-- which is the counterparty of every deposit and withdrawal of USDT and so may go negative.
INSERT INTO "ledger_accounts" ("id", "owner_type", "owner_id", "kind", "allow_negative")
VALUES ('platform:fees', 'platform', NULL, 'fees', false),
       ('external:usdt', 'external', NULL, 'external', true)
ON CONFLICT ("id") DO NOTHING;
