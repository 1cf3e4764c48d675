CREATE TABLE "digest_runs" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_snapshots" (
	"book_id" uuid PRIMARY KEY NOT NULL,
	"inspection_ampel" text,
	"self_ampel" text
);
--> statement-breakpoint
CREATE TABLE "user_reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"ical_token_hash" text,
	"ical_created_at" timestamp with time zone,
	CONSTRAINT "user_reminder_settings_ical_token_hash_unique" UNIQUE("ical_token_hash")
);
--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_snapshots" ADD CONSTRAINT "digest_snapshots_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reminder_settings" ADD CONSTRAINT "user_reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;