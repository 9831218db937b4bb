ALTER TABLE "ml_algorithms" ADD COLUMN "stopped_by" text;--> statement-breakpoint
ALTER TABLE "ml_algorithms" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ml_algorithms" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "champion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "train_from" date;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "data_fingerprint" text;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "code_version" text;--> statement-breakpoint
UPDATE "ml_models" m SET "version" = v.n, "champion" = v.n = v.total
FROM (
	SELECT "id", row_number() OVER w AS n, count(*) OVER (PARTITION BY "algorithm_id", "horizon_days") AS total
	FROM "ml_models" WINDOW w AS (PARTITION BY "algorithm_id", "horizon_days" ORDER BY "created_at")
) v WHERE v."id" = m."id";
