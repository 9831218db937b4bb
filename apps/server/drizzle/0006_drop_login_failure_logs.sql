DROP TABLE "customer_login_failures" CASCADE;--> statement-breakpoint
DROP TABLE "admin_login_failures" CASCADE;