CREATE TABLE "factor_scores" (
	"factor_id" text NOT NULL,
	"symbol" text NOT NULL,
	"as_of_date" date NOT NULL,
	"score" double precision NOT NULL,
	"current_price_try" double precision NOT NULL,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "factor_scores_unique_idx" ON "factor_scores" USING btree ("factor_id","symbol","as_of_date");