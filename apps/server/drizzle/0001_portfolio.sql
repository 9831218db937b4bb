CREATE TABLE "daily_bars" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"open_try" double precision NOT NULL,
	"high_try" double precision NOT NULL,
	"low_try" double precision NOT NULL,
	"close_try" double precision NOT NULL,
	"volume_shares" double precision NOT NULL,
	"turnover_try" double precision NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "daily_bars_symbol_date_pk" PRIMARY KEY("symbol","date")
);
--> statement-breakpoint
CREATE TABLE "market_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minute_bars" (
	"symbol" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"open_try" double precision NOT NULL,
	"high_try" double precision NOT NULL,
	"low_try" double precision NOT NULL,
	"close_try" double precision NOT NULL,
	"volume_shares" double precision NOT NULL,
	CONSTRAINT "minute_bars_symbol_minute_pk" PRIMARY KEY("symbol","minute")
);
--> statement-breakpoint
CREATE TABLE "portfolio_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"ledger_version" integer DEFAULT 0 NOT NULL,
	"demo_seeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"trade_date" date NOT NULL,
	"symbol" text,
	"quantity" integer,
	"price_try" numeric(20, 6),
	"commission_try" numeric(20, 6) DEFAULT 0 NOT NULL,
	"amount_try" numeric(20, 6),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"threshold_try" numeric(20, 6) NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"triggered_at" timestamp with time zone,
	"triggered_price_try" numeric(20, 6),
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "portfolio_accounts" ADD CONSTRAINT "portfolio_accounts_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_bars_date_idx" ON "daily_bars" USING btree ("date");--> statement-breakpoint
CREATE INDEX "minute_bars_minute_idx" ON "minute_bars" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "portfolio_transactions_user_idx" ON "portfolio_transactions" USING btree ("user_id","trade_date","id");--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_active_symbol_idx" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."triggered_at" is null;