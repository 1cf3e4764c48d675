-- Public defect reports reach the staff (issue 10): closing one keeps a note, who and when.
ALTER TABLE "defect_reports" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "defect_reports" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "defect_reports" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "defect_reports" ADD CONSTRAINT "defect_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "defect_reports_tenant_status_idx" ON "defect_reports" USING btree ("tenant_id","status","created_at");