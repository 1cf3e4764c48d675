DROP INDEX "orders_el_list_idx";--> statement-breakpoint
CREATE INDEX "orders_el_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active" and "orders"."aktuelle_abteilung" = 2;--> statement-breakpoint
-- The EL tab's /all list holds the orders at the EL department (issue 31 item 7, rules/order-lists.ts): its
-- kept counts are counted anew from the orders.
DELETE FROM "order_list_counts" WHERE "list" = 'elAll';--> statement-breakpoint
INSERT INTO "order_list_counts" ("tenant_id", "list", "key", "n")
  SELECT "tenant_id", 'elAll', '', count(*)::int FROM "orders" WHERE "active" AND "aktuelle_abteilung" = 2 GROUP BY "tenant_id";
