ALTER TABLE "customer_users" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "privacy_notice_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "marketing_consent_at" timestamp with time zone;