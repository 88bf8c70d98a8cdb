CREATE TABLE "chain_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain" text NOT NULL,
	"purpose" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sends_purpose_reference_key" ON "chain_sends" USING btree ("purpose","reference_id");