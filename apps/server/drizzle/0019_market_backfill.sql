CREATE TABLE "corporate_actions" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"numerator" double precision,
	"denominator" double precision,
	"amount_try" double precision,
	"source" text NOT NULL,
	CONSTRAINT "corporate_actions_symbol_date_kind_pk" PRIMARY KEY("symbol","date","kind")
);
--> statement-breakpoint
CREATE TABLE "market_backfill" (
	"symbol" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"priority" integer NOT NULL,
	"status" text NOT NULL,
	"last_date" date,
	"bars" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_backfill_bars" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"open_try" double precision NOT NULL,
	"high_try" double precision NOT NULL,
	"low_try" double precision NOT NULL,
	"close_try" double precision NOT NULL,
	"volume_shares" double precision NOT NULL,
	"turnover_try" double precision NOT NULL,
	CONSTRAINT "market_backfill_bars_symbol_date_pk" PRIMARY KEY("symbol","date")
);
--> statement-breakpoint
CREATE INDEX "market_backfill_order_idx" ON "market_backfill" USING btree ("priority","symbol");