CREATE TABLE "door_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"door_type" text DEFAULT 'both' NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"objekt" text DEFAULT '' NOT NULL,
	"tp" text DEFAULT '' NOT NULL,
	"abnr" text DEFAULT '' NOT NULL,
	"csnr" text DEFAULT '' NOT NULL,
	"objektdaten" text DEFAULT '' NOT NULL,
	"objektnummer" text DEFAULT '' NOT NULL,
	"kunde" text DEFAULT '' NOT NULL,
	"offer_id" uuid,
	"book_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"antriebe" text DEFAULT '' NOT NULL,
	"antriebe_other" text DEFAULT '' NOT NULL,
	"bemerkungen" text DEFAULT '' NOT NULL,
	"anzahl_bemerkungen_bei_uebergabe" integer,
	"leistungsart" jsonb NOT NULL,
	"abteilung" jsonb NOT NULL,
	"aktuelle_abteilung" smallint DEFAULT 1 NOT NULL,
	"ansprechpartner_elektrik" jsonb NOT NULL,
	"ansprechpartner_baustelle" jsonb NOT NULL,
	"ansprechpartner_kunde" jsonb NOT NULL,
	"entscheidungstraeger" jsonb NOT NULL,
	"vkid_belegdatum" date,
	"vkid_betrag" numeric(12, 2),
	"vkid_vergabepreis" numeric(12, 2),
	"vkid_innendienst" text DEFAULT '' NOT NULL,
	"vkid_ad" text DEFAULT '' NOT NULL,
	"vkid_warenbtermin_date" date,
	"vkid_geplante_montage_date" date,
	"vkid_fixtermin" boolean DEFAULT false NOT NULL,
	"vkid_bemerkungen" text DEFAULT '' NOT NULL,
	"vkid_zivi" boolean DEFAULT false NOT NULL,
	"vkid_vorverrechnet" boolean DEFAULT false NOT NULL,
	"vkid_verrechnet" boolean DEFAULT false NOT NULL,
	"vkid_montage_tage" integer,
	"vkid_kalkulierte_min" integer,
	"vkid_kalkulierte_std" integer,
	"vkid_bestellnummer" text DEFAULT '' NOT NULL,
	"vkid_akt_kw" text DEFAULT '' NOT NULL,
	"vkid_verrechnete_maw" numeric(12, 2),
	"vkid_ampel" text,
	"el_service_id" text DEFAULT '' NOT NULL,
	"el_akt_kw" text DEFAULT '' NOT NULL,
	"el_benoetigte_min" integer,
	"el_bemerkungen" text DEFAULT '' NOT NULL,
	"el_montage" text DEFAULT '' NOT NULL,
	"el_montagedatum" date,
	"el_ampel" text,
	"logistik" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"maw" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tuer" jsonb NOT NULL,
	"gesamt_ampel" text,
	"gesamt_rank" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"status_last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"installed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"billed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_components_code_idx" ON "door_components" USING btree ("code");--> statement-breakpoint
CREATE INDEX "orders_tenant_rank_idx" ON "orders" USING btree ("tenant_id","gesamt_rank","vkid_geplante_montage_date");--> statement-breakpoint
CREATE INDEX "orders_tenant_status_idx" ON "orders" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "orders_tenant_dept_idx" ON "orders" USING btree ("tenant_id","aktuelle_abteilung");--> statement-breakpoint
CREATE INDEX "orders_tenant_vkid_kw_idx" ON "orders" USING btree ("tenant_id","vkid_akt_kw");--> statement-breakpoint
CREATE INDEX "orders_tenant_el_kw_idx" ON "orders" USING btree ("tenant_id","el_akt_kw");--> statement-breakpoint
CREATE INDEX "orders_tenant_ad_idx" ON "orders" USING btree ("tenant_id","vkid_ad");--> statement-breakpoint
CREATE INDEX "orders_tenant_updated_idx" ON "orders" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_offer_idx" ON "orders" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_book_idx" ON "orders" USING btree ("book_id");