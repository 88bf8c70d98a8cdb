CREATE TABLE "reconciliation_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"check" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp with time zone,
	"matched_by" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"resolution_reason" text,
	"first_seen_run_id" integer NOT NULL,
	"last_seen_run_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_items_state_check" CHECK ("reconciliation_items"."state" in ('MATCHED', 'MISMATCHED', 'EXPECTED')),
	CONSTRAINT "reconciliation_items_check_check" CHECK ("reconciliation_items"."check" in ('ledger_bank', 'ledger_chain', 'ledger_self')),
	CONSTRAINT "reconciliation_items_due_check" CHECK ("reconciliation_items"."state" <> 'EXPECTED' or "reconciliation_items"."due_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb NOT NULL,
	"chain_ranges" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_items_subject_key" ON "reconciliation_items" USING btree ("check","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "reconciliation_items_open_idx" ON "reconciliation_items" USING btree ("state","business_date") WHERE "reconciliation_items"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reconciliation_items_date_idx" ON "reconciliation_items" USING btree ("business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_date_key" ON "reconciliation_runs" USING btree ("business_date");