CREATE TABLE "ai_market_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_type" text NOT NULL,
	"insights" jsonb NOT NULL,
	"recommendations" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"inputs_date" date NOT NULL,
	"model_version" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_portfolio_optimizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_name" text NOT NULL,
	"symbols" jsonb NOT NULL,
	"method" text NOT NULL,
	"sharpe_ratio" double precision NOT NULL,
	"expected_return" double precision NOT NULL,
	"expected_risk" double precision NOT NULL,
	"allocation" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"window_from" date NOT NULL,
	"window_to" date NOT NULL,
	"model_version" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prediction_id" uuid,
	"symbol" text NOT NULL,
	"trend" text NOT NULL,
	"probability_up" double precision NOT NULL,
	"confidence" double precision NOT NULL,
	"expected_return" double precision NOT NULL,
	"current_price_try" double precision NOT NULL,
	"prediction_value_try" double precision NOT NULL,
	"algorithm_id" text NOT NULL,
	"model_name" text NOT NULL,
	"model_version" integer,
	"horizon_days" integer NOT NULL,
	"as_of_date" date NOT NULL,
	"target_date" date NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_predictions" ADD CONSTRAINT "ai_predictions_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_market_analyses_created_idx" ON "ai_market_analyses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_portfolio_optimizations_created_idx" ON "ai_portfolio_optimizations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_predictions_created_idx" ON "ai_predictions" USING btree ("created_at");