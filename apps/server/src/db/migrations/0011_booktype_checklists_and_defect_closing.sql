-- The checklists of a book type (decision 021; NULL: the norm lists of its kind of installation), and
-- closing a public defect report with a note, who and when (issue 10).
ALTER TABLE "book_types" ADD COLUMN "checklist" jsonb;--> statement-breakpoint
ALTER TABLE "book_types" ADD COLUMN "self_checklist" jsonb;--> statement-breakpoint
ALTER TABLE "defect_reports" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "defect_reports" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "defect_reports" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "defect_reports" ADD CONSTRAINT "defect_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "defect_reports_tenant_status_idx" ON "defect_reports" USING btree ("tenant_id","status","created_at");