CREATE TABLE "sign_in_throttles" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"attempt_id" uuid,
	CONSTRAINT "sign_in_throttles_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "sign_in_throttles_scope_check" CHECK ("sign_in_throttles"."scope" in ('pair', 'address', 'account')),
	CONSTRAINT "sign_in_throttles_failures_check" CHECK ("sign_in_throttles"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failure_at_idx" ON "sign_in_throttles" USING btree ("last_failure_at");