CREATE TABLE "compliance_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"violation_id" uuid,
	"source" text NOT NULL,
	"severity" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ack_deadline_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"escalated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "compliance_risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"mitigation" text NOT NULL,
	"likelihood" integer NOT NULL,
	"impact" integer NOT NULL,
	"residual_likelihood" integer NOT NULL,
	"residual_impact" integer NOT NULL,
	"owner" text NOT NULL,
	"review_date" date NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_rules" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"parameters" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_email" text
);
--> statement-breakpoint
CREATE TABLE "compliance_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"new_violations" integer DEFAULT 0 NOT NULL,
	"by_rule" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_violations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_code" text NOT NULL,
	"rule_version" integer NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"window_key" text NOT NULL,
	"description" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"occurred_at" text NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"assigned_to" text,
	"resolution_notes" text,
	"resolved_at" timestamp with time zone,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_alerts" ADD CONSTRAINT "compliance_alerts_violation_id_compliance_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."compliance_violations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_alerts_created_idx" ON "compliance_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_alerts_violation_idx" ON "compliance_alerts" USING btree ("violation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_violations_dedup_idx" ON "compliance_violations" USING btree ("rule_code","entity_type","entity_id","window_key");--> statement-breakpoint
CREATE INDEX "compliance_violations_detected_idx" ON "compliance_violations" USING btree ("detected_at");--> statement-breakpoint
CREATE INDEX "compliance_violations_status_idx" ON "compliance_violations" USING btree ("status","detected_at");