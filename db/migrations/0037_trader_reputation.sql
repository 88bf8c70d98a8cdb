CREATE TABLE "trader_reputation" (
	"trader_id" uuid PRIMARY KEY NOT NULL,
	"completed" integer NOT NULL,
	"failed" integer NOT NULL,
	"median_release_seconds" integer,
	"disputes_lost" integer NOT NULL,
	"volume" numeric(26, 6) NOT NULL,
	"completed_total" integer NOT NULL,
	"first_completed_at" timestamp with time zone,
	"gate_lifted_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trader_reputation" ADD CONSTRAINT "trader_reputation_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_orders_accepted_idx" ON "payout_orders" USING btree ("accepted_at");