CREATE TABLE "kvkk_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "kvkk_requests_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "kvkk_requests" ADD CONSTRAINT "kvkk_requests_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kvkk_requests_requested_idx" ON "kvkk_requests" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "kvkk_requests_user_idx" ON "kvkk_requests" USING btree ("user_id");