CREATE TABLE "dispute_auto_rulings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"disputed_at" timestamp with time zone NOT NULL,
	"rule" text NOT NULL,
	"ruling" text NOT NULL,
	"reason_code" text NOT NULL,
	"note" text NOT NULL,
	"total" numeric(26, 6) NOT NULL,
	"apply_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stopped_by" uuid,
	"outcome_note" text,
	"proposal_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_auto_rulings_status_check" CHECK ("dispute_auto_rulings"."status" in ('pending', 'applied', 'proposed', 'stopped', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "dispute_deadlines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"party" text NOT NULL,
	"party_id" uuid,
	"kind" text NOT NULL,
	"request_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"met_at" timestamp with time zone,
	"missed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_deadlines_party_check" CHECK ("dispute_deadlines"."party" in ('merchant', 'buyer', 'trader', 'operator')),
	CONSTRAINT "dispute_deadlines_kind_check" CHECK ("dispute_deadlines"."kind" in ('answer', 'evidence_request', 'ruling')),
	CONSTRAINT "dispute_deadlines_outcome_check" CHECK ("dispute_deadlines"."met_at" is null or "dispute_deadlines"."missed_at" is null)
);
--> statement-breakpoint
ALTER TABLE "dispute_ruling_proposals" ALTER COLUMN "proposed_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dispute_ruling_proposals" ADD COLUMN "auto_ruling_id" uuid;--> statement-breakpoint
ALTER TABLE "dispute_auto_rulings" ADD CONSTRAINT "dispute_auto_rulings_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_auto_rulings_order_idx" ON "dispute_auto_rulings" USING btree ("flow","order_id");--> statement-breakpoint
CREATE INDEX "dispute_auto_rulings_due_idx" ON "dispute_auto_rulings" USING btree ("apply_at") WHERE "dispute_auto_rulings"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_auto_rulings_pending_key" ON "dispute_auto_rulings" USING btree ("flow","order_id") WHERE "dispute_auto_rulings"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_auto_rulings_rule_key" ON "dispute_auto_rulings" USING btree ("flow","order_id","disputed_at","rule");--> statement-breakpoint
CREATE INDEX "dispute_deadlines_order_idx" ON "dispute_deadlines" USING btree ("flow","order_id");--> statement-breakpoint
CREATE INDEX "dispute_deadlines_open_idx" ON "dispute_deadlines" USING btree ("due_at") WHERE "dispute_deadlines"."met_at" is null and "dispute_deadlines"."missed_at" is null;--> statement-breakpoint
CREATE INDEX "dispute_deadlines_missed_idx" ON "dispute_deadlines" USING btree ("party","party_id") WHERE "dispute_deadlines"."missed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_deadlines_case_key" ON "dispute_deadlines" USING btree ("flow","order_id","party","kind","starts_at") WHERE "dispute_deadlines"."kind" <> 'evidence_request';--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_deadlines_request_key" ON "dispute_deadlines" USING btree ("request_id") WHERE "dispute_deadlines"."request_id" is not null;