CREATE TABLE "ml_algorithms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"scope" text NOT NULL,
	"output" text NOT NULL,
	"position" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ml_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"algorithm_id" text NOT NULL,
	"horizon_days" integer NOT NULL,
	"source" text NOT NULL,
	"accuracy_percent" double precision,
	"accuracy_ci_low_percent" double precision NOT NULL,
	"accuracy_ci_high_percent" double precision NOT NULL,
	"mae" double precision,
	"rmse" double precision,
	"skill_vs_random_walk" double precision,
	"r2" double precision,
	"ic_mean" double precision,
	"ic_icir" double precision,
	"rank_ic_mean" double precision,
	"rank_ic_icir" double precision,
	"predictions_count" integer NOT NULL,
	"evaluated_from" date,
	"evaluated_to" date,
	"record" jsonb NOT NULL,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ml_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"algorithm_id" text NOT NULL,
	"horizon_days" integer NOT NULL,
	"cutoff_date" date NOT NULL,
	"state_json" text NOT NULL,
	"metrics" jsonb NOT NULL,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ml_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"message" text,
	"error" text,
	"requested_by" text NOT NULL,
	"algorithm_ids" jsonb,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prediction_evaluations" (
	"prediction_id" uuid PRIMARY KEY NOT NULL,
	"realised_price_try" double precision NOT NULL,
	"realised_return" double precision NOT NULL,
	"hit" boolean NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"algorithm_id" text NOT NULL,
	"symbol" text NOT NULL,
	"horizon_days" integer NOT NULL,
	"as_of_date" date NOT NULL,
	"target_date" date NOT NULL,
	"current_price_try" double precision NOT NULL,
	"expected_return" double precision NOT NULL,
	"direction" text NOT NULL,
	"confidence" double precision NOT NULL,
	"target_price_try" double precision NOT NULL,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prediction_evaluations" ADD CONSTRAINT "prediction_evaluations_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ml_evaluations_algorithm_idx" ON "ml_evaluations" USING btree ("algorithm_id","horizon_days","created_at");--> statement-breakpoint
CREATE INDEX "ml_models_algorithm_idx" ON "ml_models" USING btree ("algorithm_id","horizon_days","created_at");--> statement-breakpoint
CREATE INDEX "ml_runs_created_idx" ON "ml_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "prediction_evaluations_at_idx" ON "prediction_evaluations" USING btree ("evaluated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "predictions_unique_idx" ON "predictions" USING btree ("algorithm_id","symbol","horizon_days","as_of_date");--> statement-breakpoint
CREATE INDEX "predictions_created_idx" ON "predictions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "predictions_target_idx" ON "predictions" USING btree ("target_date");