-- Qualifications of staff users and the reminders queued for them; the qualification a book type
-- needs (decision 055). No type needs one until an admin names it, so existing books work as before.
CREATE TABLE "qualification_reminders" (
	"qualification_id" uuid NOT NULL,
	"threshold" integer NOT NULL,
	"valid_until" date NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualification_reminders_qualification_id_threshold_valid_until_pk" PRIMARY KEY("qualification_id","threshold","valid_until")
);
--> statement-breakpoint
CREATE TABLE "user_qualifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"certificate_sha256" text,
	"certificate_name" text,
	"certificate_type" text,
	"certificate_size" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_types" ADD COLUMN "qualification" text;--> statement-breakpoint
ALTER TABLE "qualification_reminders" ADD CONSTRAINT "qualification_reminders_qualification_id_user_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."user_qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_qualifications" ADD CONSTRAINT "user_qualifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_qualifications_user_idx" ON "user_qualifications" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "user_qualifications_until_idx" ON "user_qualifications" USING btree ("valid_until");