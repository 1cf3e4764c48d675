CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"editor_id" uuid,
	"editor_abbreviation" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"book_id" uuid,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"type" text DEFAULT 'document' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"component" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"serviceinterval" integer DEFAULT 0 NOT NULL,
	"selfserviceinterval" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"folder_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"typ" text DEFAULT '' NOT NULL,
	"book_type_id" uuid,
	"location" text DEFAULT '' NOT NULL,
	"short_text" text DEFAULT '' NOT NULL,
	"misc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"controller" text DEFAULT '' NOT NULL,
	"controlleraddress" jsonb,
	"object" text DEFAULT '' NOT NULL,
	"objectnutzung" text DEFAULT '' NOT NULL,
	"objectaddress" jsonb,
	"raiser" text DEFAULT '' NOT NULL,
	"raiseraddress" jsonb,
	"manufacturer" text DEFAULT '' NOT NULL,
	"manufactureraddress" jsonb,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_mail" text DEFAULT '' NOT NULL,
	"contact_tel" text DEFAULT '' NOT NULL,
	"site" text DEFAULT '' NOT NULL,
	"glasbocknr" text DEFAULT '' NOT NULL,
	"manufacturer_no" text DEFAULT '' NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"lagerort" text DEFAULT 'inFertigungsprozess' NOT NULL,
	"completed_on" date,
	"enable_from" date,
	"enable_to" date,
	"visible_from" date,
	"visible_to" date,
	"next_inspection_date" date,
	"inspection_ampel" text,
	"next_inspection_date_self" date,
	"inspection_self_ampel" text,
	"firstservice" date,
	"serviceinterval" integer DEFAULT 0 NOT NULL,
	"selfserviceinterval" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "fusszeile_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "address_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "notification_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "hot_hint" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "default_tech_acceptor" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "tech_acceptor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "import_data_clarification_sheet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "blobs" ADD CONSTRAINT "blobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blobs" ADD CONSTRAINT "blobs_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_book_type_id_book_types_id_fk" FOREIGN KEY ("book_type_id") REFERENCES "public"."book_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_idx" ON "audit_logs" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blobs_book_idx" ON "blobs" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "blobs_sha_idx" ON "blobs" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "books_tenant_folder_title_idx" ON "books" USING btree ("tenant_id","folder_id","title");--> statement-breakpoint
CREATE INDEX "books_tenant_title_idx" ON "books" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "books_tenant_manufacturer_no_idx" ON "books" USING btree ("tenant_id","manufacturer_no");--> statement-breakpoint
CREATE INDEX "books_tenant_order_no_idx" ON "books" USING btree ("tenant_id","order_no");