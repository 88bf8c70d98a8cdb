CREATE TABLE "ledger_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ok" boolean NOT NULL,
	"duration_ms" integer NOT NULL,
	"checked_through_posting_id" bigint NOT NULL,
	"transfers_checked" integer NOT NULL,
	"accounts_checked" integer NOT NULL,
	"problems" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
