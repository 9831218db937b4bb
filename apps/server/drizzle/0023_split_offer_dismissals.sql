CREATE TABLE "split_offer_dismissals" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"action_date" date NOT NULL,
	"numerator" double precision NOT NULL,
	"denominator" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "split_offer_dismissals_user_id_symbol_action_date_numerator_denominator_pk" PRIMARY KEY("user_id","symbol","action_date","numerator","denominator")
);
--> statement-breakpoint
ALTER TABLE "split_offer_dismissals" ADD CONSTRAINT "split_offer_dismissals_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;