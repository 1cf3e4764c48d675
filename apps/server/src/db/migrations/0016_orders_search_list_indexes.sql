-- The order search lists and counts at scale (bench/orders.ts, 100,000 orders of one tenant): each list's active
-- orders in its order, so a page stops after the page and a count reads the index only; trigrams for the free and
-- the serial number search (pg_trgm, btree_gin from 0004).
DROP INDEX "orders_tenant_innendienst_lower_idx";--> statement-breakpoint
DROP INDEX "orders_tenant_montage_lower_idx";--> statement-breakpoint
DROP INDEX "orders_tenant_service_id_lower_idx";--> statement-breakpoint
DROP INDEX "orders_tenant_ad_lower_idx";--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_innendienst_list_idx" ON "orders" USING btree ("tenant_id",lower("vkid_innendienst"),"gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","vkid_innendienst") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_montage_list_idx" ON "orders" USING btree ("tenant_id",lower("el_montage"),"gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","el_montage") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_service_id_list_idx" ON "orders" USING btree ("tenant_id",lower("el_service_id"),"gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","el_service_id","el_montage") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_ad_list_idx" ON "orders" USING btree ("tenant_id",lower("vkid_ad"),"gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","vkid_ad") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_vkid_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active" and "orders"."status" in ('CREATED', 'AKT_KW_VKID');--> statement-breakpoint
CREATE INDEX "orders_el_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active" and "orders"."status" in ('AKT_KW', 'MONTAGE');--> statement-breakpoint
CREATE INDEX "orders_ad_open_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active" and "orders"."vkid_ad" <> '' and "orders"."status" <> 'VERRECHNET';--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("tenant_id",("objekt" || chr(31) || "abnr" || chr(31) || "csnr" || chr(31) || "kunde" || chr(31) || "tp" || chr(31) || "el_service_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_serial_trgm_idx" ON "orders" USING gin ("tenant_id",("el_service_id" || chr(31) || coalesce("tuer" ->> 'antrieb', '') || chr(31) || coalesce("tuer" ->> 'fluegel', '') || chr(31) || coalesce("tuer" ->> 'stromart', '') || chr(31) || coalesce(("tuer" -> 'komponenten')::text, '')) gin_trgm_ops);