ALTER TABLE "admin_audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "hash" text;