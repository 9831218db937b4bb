CREATE TABLE "ml_performance_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"algorithm_id" text NOT NULL,
	"check" text NOT NULL,
	"value" double precision,
	"threshold" double precision,
	"detail" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ml_runs" ADD COLUMN "log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "ml_performance_alerts_open_idx" ON "ml_performance_alerts" USING btree ("algorithm_id","check","resolved_at");