CREATE TABLE "control_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"control" text NOT NULL,
	"from_value" jsonb NOT NULL,
	"to_value" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "control_changes_status_check" CHECK ("control_changes"."status" in ('pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
-- Proposals made before this column keep the threshold in effect now (or the default, 1000.00).
ALTER TABLE "dispute_ruling_proposals" ADD COLUMN "four_eyes_threshold" numeric(20, 2);--> statement-breakpoint
UPDATE "dispute_ruling_proposals" SET "four_eyes_threshold" = coalesce(
  (SELECT ("value"->>'amount')::numeric FROM "platform_settings" WHERE "key" = 'dispute_four_eyes_threshold'), 1000.00);--> statement-breakpoint
ALTER TABLE "dispute_ruling_proposals" ALTER COLUMN "four_eyes_threshold" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "control_changes" ADD CONSTRAINT "control_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_changes" ADD CONSTRAINT "control_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_changes_created_idx" ON "control_changes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "control_changes_pending_key" ON "control_changes" USING btree ("control") WHERE "control_changes"."status" = 'pending';