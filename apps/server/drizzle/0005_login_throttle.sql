CREATE TABLE "login_throttle" (
	"realm" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lock_level" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttle_realm_scope_key_pk" PRIMARY KEY("realm","scope","key")
);
