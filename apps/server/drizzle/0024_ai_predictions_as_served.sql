ALTER TABLE "ai_predictions" ALTER COLUMN "probability_up" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_predictions" ALTER COLUMN "confidence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_predictions" ALTER COLUMN "expected_return" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_predictions" ADD COLUMN "interval_low" double precision;--> statement-breakpoint
ALTER TABLE "ai_predictions" ADD COLUMN "interval_high" double precision;