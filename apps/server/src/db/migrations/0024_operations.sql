CREATE TABLE "file_removals" (
	"sha256" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"ok" boolean,
	"attempt" integer DEFAULT 1 NOT NULL,
	"error" text,
	"runner" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "text_sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "on_delivered" jsonb;--> statement-breakpoint
CREATE INDEX "file_removals_due_idx" ON "file_removals" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "job_runs_name_started_idx" ON "job_runs" USING btree ("name","started_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE status in ('queued', 'retrying');--> statement-breakpoint
-- Mails that failed before the queue existed were never retried and kept their live links in clear
-- text: they become dead letters without their text. Sent mails keep no text either (their links
-- would otherwise live on in every backup).
UPDATE "mail_outbox" SET "status" = 'dead', "text" = '' WHERE "status" = 'failed';--> statement-breakpoint
UPDATE "mail_outbox" SET "text" = '' WHERE "status" = 'sent';
