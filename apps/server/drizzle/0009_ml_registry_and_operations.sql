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
ALTER TABLE "ml_algorithms" ADD COLUMN "stopped_by" text;--> statement-breakpoint
ALTER TABLE "ml_algorithms" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ml_algorithms" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "champion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "train_from" date;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "data_fingerprint" text;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "code_version" text;--> statement-breakpoint
ALTER TABLE "ml_runs" ADD COLUMN "log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "ml_performance_alerts_open_idx" ON "ml_performance_alerts" USING btree ("algorithm_id","check","resolved_at");--> statement-breakpoint
UPDATE "ml_models" m SET "version" = v.n, "champion" = v.n = v.total
FROM (
	SELECT "id", row_number() OVER w AS n, count(*) OVER (PARTITION BY "algorithm_id", "horizon_days") AS total
	FROM "ml_models" WINDOW w AS (PARTITION BY "algorithm_id", "horizon_days" ORDER BY "created_at")
) v WHERE v."id" = m."id";
