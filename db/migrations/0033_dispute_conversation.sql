CREATE TABLE "dispute_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"split_amount" numeric(26, 6),
	"proposed_by_party" text NOT NULL,
	"proposed_by_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_party" text,
	"decided_at" timestamp with time zone,
	"ruling_proposal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_agreements_status_check" CHECK ("dispute_agreements"."status" in ('open', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "dispute_agreements_outcome_check" CHECK ("dispute_agreements"."outcome" in ('release', 'cancel', 'split')),
	CONSTRAINT "dispute_agreements_split_check" CHECK (("dispute_agreements"."outcome" = 'split') = ("dispute_agreements"."split_amount" is not null))
);
--> statement-breakpoint
CREATE TABLE "dispute_conversation_reads" (
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"party" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dispute_conversation_reads_flow_order_id_party_pk" PRIMARY KEY("flow","order_id","party")
);
--> statement-breakpoint
CREATE TABLE "dispute_message_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_message_files_position_check" CHECK ("dispute_message_files"."position" between 1 and 3),
	CONSTRAINT "dispute_message_files_type_check" CHECK ("dispute_message_files"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "dispute_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"party" text NOT NULL,
	"author_id" text,
	"body" text,
	"agreement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_messages_flow_check" CHECK ("dispute_messages"."flow" in ('payout', 'payin')),
	CONSTRAINT "dispute_messages_party_check" CHECK ("dispute_messages"."party" in ('merchant', 'buyer', 'trader', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "dispute_ruling_proposals" ADD COLUMN "agreement_id" uuid;--> statement-breakpoint
ALTER TABLE "dispute_message_files" ADD CONSTRAINT "dispute_message_files_message_id_dispute_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."dispute_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_agreements_order_idx" ON "dispute_agreements" USING btree ("flow","order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_agreements_open_key" ON "dispute_agreements" USING btree ("flow","order_id") WHERE "dispute_agreements"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_message_files_position_key" ON "dispute_message_files" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "dispute_messages_order_idx" ON "dispute_messages" USING btree ("flow","order_id","created_at");