CREATE INDEX "orders_innendienst_count_idx" ON "orders" USING btree ("tenant_id",lower("vkid_innendienst"),"vkid_innendienst") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_montage_count_idx" ON "orders" USING btree ("tenant_id",lower("el_montage"),"el_montage") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_ad_count_idx" ON "orders" USING btree ("tenant_id",lower("vkid_ad"),"vkid_ad") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_vkid_count_idx" ON "orders" USING btree ("tenant_id") WHERE "orders"."active" and "orders"."status" in ('CREATED', 'AKT_KW_VKID');--> statement-breakpoint
CREATE INDEX "orders_el_count_idx" ON "orders" USING btree ("tenant_id") WHERE "orders"."active" and "orders"."status" in ('AKT_KW', 'MONTAGE');--> statement-breakpoint
CREATE INDEX "orders_ad_open_count_idx" ON "orders" USING btree ("tenant_id") WHERE "orders"."active" and "orders"."vkid_ad" <> '' and "orders"."status" <> 'VERRECHNET';