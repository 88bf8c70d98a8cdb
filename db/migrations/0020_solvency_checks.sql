CREATE TABLE "solvency_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"holdings" jsonb NOT NULL,
	"holdings_total" numeric(26, 6),
	"owed_total" numeric(26, 6) NOT NULL,
	"surplus" numeric(26, 6),
	"error_chain" text,
	CONSTRAINT "solvency_checks_status_check" CHECK ("solvency_checks"."status" in ('ok', 'shortfall', 'error')),
	CONSTRAINT "solvency_checks_figures_check" CHECK (("solvency_checks"."status" = 'error') = ("solvency_checks"."surplus" is null))
);
--> statement-breakpoint
CREATE INDEX "solvency_checks_run_at_idx" ON "solvency_checks" USING btree ("run_at" DESC NULLS LAST);