CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"scope" text NOT NULL,
	"target" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"books_done" integer DEFAULT 0 NOT NULL,
	"books_total" integer DEFAULT 0 NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"sha256" text,
	"size" bigint,
	"expires_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_due_idx" ON "export_jobs" USING btree ("status","lease_until") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "export_jobs_user_idx" ON "export_jobs" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_expiry_idx" ON "export_jobs" USING btree ("expires_at") WHERE status = 'done';--> statement-breakpoint
CREATE INDEX "export_jobs_sha_idx" ON "export_jobs" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "export_jobs_open_key" ON "export_jobs" USING btree ("requested_by","tenant_id","scope","target") WHERE status in ('queued', 'running');