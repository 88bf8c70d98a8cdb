ALTER TABLE "traders" ADD COLUMN "bond_multiple" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "traders" ADD CONSTRAINT "traders_bond_multiple_check" CHECK ("traders"."bond_multiple" is null or "traders"."bond_multiple" > 0);--> statement-breakpoint
-- Every existing trader gets its bond account (docs/ledger.md, "Accounts"); new ones get it when created.
INSERT INTO "ledger_accounts" ("id", "owner_type", "owner_id", "kind")
SELECT 'trader:' || "id" || ':bond', 'trader', "id", 'bond' FROM "traders"
ON CONFLICT ("id") DO NOTHING;
