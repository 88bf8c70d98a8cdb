CREATE TABLE "merchant_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"merchant_role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "merchant_invitations_role_check" CHECK ("merchant_invitations"."merchant_role" in ('owner', 'developer', 'finance', 'support')),
	CONSTRAINT "merchant_invitations_email_lower_check" CHECK ("merchant_invitations"."email" = lower("merchant_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "dispute_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"order_id" uuid NOT NULL,
	"party" text NOT NULL,
	"author_id" text,
	"statement" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_evidence_flow_check" CHECK ("dispute_evidence"."flow" in ('payout', 'payin')),
	CONSTRAINT "dispute_evidence_party_check" CHECK ("dispute_evidence"."party" in ('merchant', 'buyer', 'trader', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "dispute_evidence_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evidence_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_evidence_files_position_check" CHECK ("dispute_evidence_files"."position" between 1 and 3),
	CONSTRAINT "dispute_evidence_files_type_check" CHECK ("dispute_evidence_files"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[];--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "ip_allowlist" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merchant_role" text;--> statement-breakpoint
-- Merchant users made before roles existed become owners, so the check below holds.
UPDATE "users" SET "merchant_role" = 'owner' WHERE "role" = 'merchant';--> statement-breakpoint
ALTER TABLE "merchant_invitations" ADD CONSTRAINT "merchant_invitations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_invitations" ADD CONSTRAINT "merchant_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence_files" ADD CONSTRAINT "dispute_evidence_files_evidence_id_dispute_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."dispute_evidence"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_invitations_merchant_idx" ON "merchant_invitations" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "dispute_evidence_order_idx" ON "dispute_evidence" USING btree ("flow","order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_evidence_files_position_key" ON "dispute_evidence_files" USING btree ("evidence_id","position");--> statement-breakpoint
CREATE INDEX "dispute_evidence_files_sha256_idx" ON "dispute_evidence_files" USING btree ("original_sha256");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_role_check" CHECK (("users"."role" = 'merchant') = ("users"."merchant_role" is not null) and ("users"."merchant_role" is null or "users"."merchant_role" in ('owner', 'developer', 'finance', 'support')));