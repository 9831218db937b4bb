CREATE TABLE "reference_series" (
	"code" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"published_at" date,
	"last_date" date,
	"last_value" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_series_values" (
	"code" text NOT NULL,
	"date" date NOT NULL,
	"value" double precision NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "reference_series_values_code_date_pk" PRIMARY KEY("code","date")
);
