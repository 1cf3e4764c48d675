CREATE TABLE "import_run_items" (
	"run_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"after_version" integer NOT NULL,
	CONSTRAINT "import_run_items_run_id_location_id_pk" PRIMARY KEY("run_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"customer" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	"undone_by_name" text
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "delete_files_set_by" uuid;--> statement-breakpoint
ALTER TABLE "import_run_items" ADD CONSTRAINT "import_run_items_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_tenant_idx" ON "import_runs" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_delete_files_set_by_users_id_fk" FOREIGN KEY ("delete_files_set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Branches that already share a key keep their rows and links (decision 039): every one after the
-- oldest gets its key marked as a duplicate, and its note says what the key was, so staff can merge them.
UPDATE "customer_locations" c SET "sap_nr" = c."sap_nr" || ' (Dublette ' || d.n || ')',
  "bemerkungen" = concat_ws(E'\n', nullif(c."bemerkungen", ''), 'Doppelte SAP-Nr. ' || c."sap_nr" || ' (vor Version 2.4)'),
  "version" = c."version" + 1
FROM (SELECT "id", row_number() OVER (PARTITION BY "tenant_id", "customer", lower("sap_nr") ORDER BY "created_at", "id") AS n
      FROM "customer_locations" WHERE "sap_nr" <> '') d
WHERE c."id" = d."id" AND d.n > 1;--> statement-breakpoint
UPDATE "customer_locations" c SET "nr" = c."nr" || ' (Dublette ' || d.n || ')',
  "bemerkungen" = concat_ws(E'\n', nullif(c."bemerkungen", ''), 'Doppelte ZNL/Nr. ' || c."znl" || '/' || c."nr" || ' (vor Version 2.4)'),
  "version" = c."version" + 1
FROM (SELECT "id", row_number() OVER (PARTITION BY "tenant_id", "customer", lower("znl"), lower("nr") ORDER BY "created_at", "id") AS n
      FROM "customer_locations" WHERE "znl" <> '' OR "nr" <> '') d
WHERE c."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_locations_sap_nr_key" ON "customer_locations" USING btree ("tenant_id","customer",lower("sap_nr")) WHERE "customer_locations"."sap_nr" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "customer_locations_znl_nr_key" ON "customer_locations" USING btree ("tenant_id","customer",lower("znl"),lower("nr")) WHERE "customer_locations"."znl" <> '' or "customer_locations"."nr" <> '';