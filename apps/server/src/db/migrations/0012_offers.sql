CREATE TABLE "offer_files" (
	"offer_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_files_offer_id_blob_id_pk" PRIMARY KEY("offer_id","blob_id")
);
--> statement-breakpoint
CREATE TABLE "offer_last_searches" (
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"received_via" text,
	"csnr" text DEFAULT '' NOT NULL,
	"received_date" date,
	"received_from" text DEFAULT '' NOT NULL,
	"debitor" text DEFAULT '' NOT NULL,
	"tp" text DEFAULT '' NOT NULL,
	"objekt" text DEFAULT '' NOT NULL,
	"objektdaten" text DEFAULT '' NOT NULL,
	"bau_objekt_nr" text DEFAULT '' NOT NULL,
	"plz" text DEFAULT '' NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"contact_person_tel_nr" text DEFAULT '' NOT NULL,
	"opm_user" uuid,
	"ofm_user" uuid,
	"ktb" uuid,
	"delivery_date" date,
	"delete_files_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"abteilung" jsonb NOT NULL,
	"aktuelle_abteilung" smallint DEFAULT 5 NOT NULL,
	"offer_nr" text DEFAULT '' NOT NULL,
	"offer_date" date,
	"offer_sum" numeric(12, 2),
	"offer_follow_up_date" date,
	"talk_result" text,
	"talk_result_at" timestamp with time zone,
	"angebot_notes" text DEFAULT '' NOT NULL,
	"order_follow_up_date" date,
	"opm_status" text,
	"order_id" uuid,
	"opm_notes" text DEFAULT '' NOT NULL,
	"order_number" text DEFAULT '' NOT NULL,
	"order_date" date,
	"order_sum" numeric(12, 2),
	"civil_acceptance" text,
	"implementation_date" date,
	"freigabe_zur_verrechnung" boolean DEFAULT false NOT NULL,
	"invoice_value" numeric(12, 2),
	"ersatzteile_notes" text DEFAULT '' NOT NULL,
	"ampel" text NOT NULL,
	"ampel_rank" smallint NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"type" text DEFAULT 'offer' NOT NULL,
	"ktb_informed_at" timestamp with time zone,
	"take_over_requested_at" timestamp with time zone,
	"follow_up_mailed_for" date,
	"source_book_id" uuid,
	"source_record_id" uuid,
	"source_defect_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_files" ADD CONSTRAINT "offer_files_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_files" ADD CONSTRAINT "offer_files_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_last_searches" ADD CONSTRAINT "offer_last_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_last_searches" ADD CONSTRAINT "offer_last_searches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_opm_user_users_id_fk" FOREIGN KEY ("opm_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_ofm_user_users_id_fk" FOREIGN KEY ("ofm_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_ktb_users_id_fk" FOREIGN KEY ("ktb") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_source_book_id_books_id_fk" FOREIGN KEY ("source_book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_files_blob_idx" ON "offer_files" USING btree ("blob_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_last_searches_user_tenant_idx" ON "offer_last_searches" USING btree ("user_id","tenant_id");--> statement-breakpoint
CREATE INDEX "offers_tenant_rank_idx" ON "offers" USING btree ("tenant_id","ampel_rank","received_date");--> statement-breakpoint
CREATE INDEX "offers_tenant_received_idx" ON "offers" USING btree ("tenant_id","received_date");--> statement-breakpoint
CREATE INDEX "offers_tenant_offer_date_idx" ON "offers" USING btree ("tenant_id","offer_date");--> statement-breakpoint
CREATE INDEX "offers_tenant_ofm_idx" ON "offers" USING btree ("tenant_id","ofm_user","offer_follow_up_date");--> statement-breakpoint
CREATE INDEX "offers_tenant_updated_idx" ON "offers" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "offers_source_book_idx" ON "offers" USING btree ("source_book_id");