CREATE TABLE "report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_date" date NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" uuid,
	"target" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"sha256" text,
	"bytes" bigint,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_deliveries_kind_check" CHECK ("report_deliveries"."kind" in ('journal', 'settlement_json', 'settlement_csv')),
	CONSTRAINT "report_deliveries_target_check" CHECK ("report_deliveries"."target" in ('dir', 'https')),
	CONSTRAINT "report_deliveries_status_check" CHECK ("report_deliveries"."status" in ('pending', 'delivered', 'failed')),
	CONSTRAINT "report_deliveries_merchant_check" CHECK (("report_deliveries"."kind" = 'journal') = ("report_deliveries"."merchant_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "report_deliveries_file_key" ON "report_deliveries" USING btree ("business_date","kind",coalesce("merchant_id", '00000000-0000-0000-0000-000000000000'::uuid),"target");--> statement-breakpoint
CREATE INDEX "report_deliveries_due_idx" ON "report_deliveries" USING btree ("next_attempt_at") WHERE "report_deliveries"."status" = 'pending';