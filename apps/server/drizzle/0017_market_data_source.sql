ALTER TABLE "ml_evaluations" ADD COLUMN "data_source" text;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "data_source" text;--> statement-breakpoint
ALTER TABLE "ml_runs" ADD COLUMN "data_source" text;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "data_source" text;