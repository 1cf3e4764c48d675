-- The block fields that lists search, filter, sort, count and the operations evaluation sums on stay
-- columns, generated from the blocks; the other flat columns of the blocks go. One statement, so the
-- table is written once. The indexes on the replaced columns are dropped with them and made anew.
ALTER TABLE "orders"
  DROP COLUMN "search_text",
  DROP COLUMN "serial_text",
  DROP COLUMN "vkid_belegdatum",
  DROP COLUMN "vkid_betrag",
  DROP COLUMN "vkid_vergabepreis",
  DROP COLUMN "vkid_innendienst",
  DROP COLUMN "vkid_ad",
  DROP COLUMN "vkid_warenbtermin_date",
  DROP COLUMN "vkid_geplante_montage_date",
  DROP COLUMN "vkid_fixtermin",
  DROP COLUMN "vkid_bemerkungen",
  DROP COLUMN "vkid_zivi",
  DROP COLUMN "vkid_vorverrechnet",
  DROP COLUMN "vkid_verrechnet",
  DROP COLUMN "vkid_montage_tage",
  DROP COLUMN "vkid_kalkulierte_min",
  DROP COLUMN "vkid_kalkulierte_std",
  DROP COLUMN "vkid_bestellnummer",
  DROP COLUMN "vkid_akt_kw",
  DROP COLUMN "vkid_verrechnete_maw",
  DROP COLUMN "el_service_id",
  DROP COLUMN "el_akt_kw",
  DROP COLUMN "el_benoetigte_min",
  DROP COLUMN "el_bemerkungen",
  DROP COLUMN "el_montage",
  DROP COLUMN "el_montagedatum",
  ADD COLUMN "vkid_innendienst" text GENERATED ALWAYS AS (coalesce("vkid" ->> 'innendienst', '')) STORED NOT NULL,
  ADD COLUMN "vkid_ad" text GENERATED ALWAYS AS (coalesce("vkid" ->> 'ad', '')) STORED NOT NULL,
  ADD COLUMN "vkid_akt_kw" text GENERATED ALWAYS AS (coalesce("vkid" ->> 'akt_kw', '')) STORED NOT NULL,
  ADD COLUMN "vkid_geplante_montage_date" date GENERATED ALWAYS AS (make_date(substr(("vkid" ->> 'geplante_montage_date'), 1, 4)::integer, substr(("vkid" ->> 'geplante_montage_date'), 6, 2)::integer, substr(("vkid" ->> 'geplante_montage_date'), 9, 2)::integer)) STORED,
  ADD COLUMN "vkid_betrag" numeric(12, 2) GENERATED ALWAYS AS (("vkid" ->> 'betrag')::numeric(12, 2)) STORED,
  ADD COLUMN "vkid_vergabepreis" numeric(12, 2) GENERATED ALWAYS AS (("vkid" ->> 'vergabepreis')::numeric(12, 2)) STORED,
  ADD COLUMN "vkid_kalkulierte_min" integer GENERATED ALWAYS AS (("vkid" ->> 'kalkulierte_min')::integer) STORED,
  ADD COLUMN "el_service_id" text GENERATED ALWAYS AS (coalesce("el" ->> 'service_id', '')) STORED NOT NULL,
  ADD COLUMN "el_akt_kw" text GENERATED ALWAYS AS (coalesce("el" ->> 'akt_kw', '')) STORED NOT NULL,
  ADD COLUMN "el_montage" text GENERATED ALWAYS AS (coalesce("el" ->> 'montage', '')) STORED NOT NULL,
  ADD COLUMN "el_benoetigte_min" integer GENERATED ALWAYS AS (("el" ->> 'benoetigte_min')::integer) STORED,
  ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("objekt" || chr(31) || "abnr" || chr(31) || "csnr" || chr(31) || "kunde" || chr(31) || "tp" || chr(31) || coalesce("el" ->> 'service_id', ''))) STORED NOT NULL,
  ADD COLUMN "serial_text" text GENERATED ALWAYS AS (order_serial_text(coalesce("el" ->> 'service_id', ''), "tuer")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_tenant_rank_idx" ON "orders" USING btree ("tenant_id","gesamt_rank","vkid_geplante_montage_date");--> statement-breakpoint
CREATE INDEX "orders_tenant_vkid_kw_idx" ON "orders" USING btree ("tenant_id","vkid_akt_kw");--> statement-breakpoint
CREATE INDEX "orders_tenant_el_kw_idx" ON "orders" USING btree ("tenant_id","el_akt_kw");--> statement-breakpoint
CREATE INDEX "orders_tenant_ad_idx" ON "orders" USING btree ("tenant_id","vkid_ad");--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","search_text") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_innendienst_list_idx" ON "orders" USING btree ("tenant_id",lower("vkid_innendienst"),"gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","vkid_innendienst") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_montage_list_idx" ON "orders" USING btree ("tenant_id",lower("el_montage"),"gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","el_montage") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_service_id_list_idx" ON "orders" USING btree ("tenant_id",lower("el_service_id"),"gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","el_service_id","el_montage") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_ad_list_idx" ON "orders" USING btree ("tenant_id",lower("vkid_ad"),"gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","vkid_ad") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_vkid_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active" and "orders"."status" in ('CREATED', 'AKT_KW_VKID');--> statement-breakpoint
CREATE INDEX "orders_el_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active" and "orders"."status" in ('AKT_KW', 'MONTAGE');--> statement-breakpoint
CREATE INDEX "orders_ad_open_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active" and "orders"."vkid_ad" <> '' and "orders"."status" <> 'VERRECHNET';--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_serial_trgm_idx" ON "orders" USING gin ("serial_text" gin_trgm_ops);
