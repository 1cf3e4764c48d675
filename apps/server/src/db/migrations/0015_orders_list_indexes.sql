CREATE INDEX "orders_tenant_innendienst_lower_idx" ON "orders" USING btree ("tenant_id",lower("vkid_innendienst"));--> statement-breakpoint
CREATE INDEX "orders_tenant_montage_lower_idx" ON "orders" USING btree ("tenant_id",lower("el_montage"));--> statement-breakpoint
CREATE INDEX "orders_tenant_service_id_lower_idx" ON "orders" USING btree ("tenant_id",lower("el_service_id"));--> statement-breakpoint
CREATE INDEX "orders_tenant_ad_lower_idx" ON "orders" USING btree ("tenant_id",lower("vkid_ad"));