CREATE TABLE "dispute_evidence_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"party" text NOT NULL,
	"message" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"requested_by" uuid NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_evidence_requests_flow_check" CHECK ("dispute_evidence_requests"."flow" in ('payout', 'payin')),
	CONSTRAINT "dispute_evidence_requests_party_check" CHECK ("dispute_evidence_requests"."party" in ('merchant', 'buyer', 'trader'))
);
--> statement-breakpoint
CREATE TABLE "dispute_ruling_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"ruling" text NOT NULL,
	"reason_code" text NOT NULL,
	"split_amount" numeric(26, 6),
	"note" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_ruling_proposals_status_check" CHECK ("dispute_ruling_proposals"."status" in ('pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "order_timer_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"timer" text,
	"seconds" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_timer_adjustments_kind_check" CHECK ("order_timer_adjustments"."kind" in ('pause', 'resume', 'extend', 'outage_catch_up'))
);
--> statement-breakpoint
CREATE TABLE "scheduler_heartbeats" (
	"name" text PRIMARY KEY NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"api_key_id" uuid,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" smallint NOT NULL,
	"latency_ms" integer NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "resolution_code" text;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "resolution_trader_amount" numeric(26, 6);--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "timers_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD COLUMN "resolution_code" text;--> statement-breakpoint
ALTER TABLE "payin_orders" ADD COLUMN "resolution_merchant_amount" numeric(26, 6);--> statement-breakpoint
ALTER TABLE "payin_orders" ADD COLUMN "timers_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "dispute_evidence_requests" ADD CONSTRAINT "dispute_evidence_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_ruling_proposals" ADD CONSTRAINT "dispute_ruling_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_ruling_proposals" ADD CONSTRAINT "dispute_ruling_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_evidence_requests_order_idx" ON "dispute_evidence_requests" USING btree ("flow","order_id","created_at");--> statement-breakpoint
CREATE INDEX "dispute_ruling_proposals_order_idx" ON "dispute_ruling_proposals" USING btree ("flow","order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_ruling_proposals_pending_key" ON "dispute_ruling_proposals" USING btree ("flow","order_id") WHERE "dispute_ruling_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "order_timer_adjustments_order_idx" ON "order_timer_adjustments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "api_request_log_merchant_idx" ON "api_request_log" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "api_request_log_created_idx" ON "api_request_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_transitions_created_idx" ON "order_transitions" USING btree ("created_at");