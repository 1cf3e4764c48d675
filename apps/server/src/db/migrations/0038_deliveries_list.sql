CREATE INDEX "orders_deliveries_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id") WHERE "orders"."active" and "orders"."logistik" @? '$[*] ? (!(exists(@.geliefertAm)) || @.geliefertAm == null || @.geliefertAm == "")';--> statement-breakpoint
-- The warehouse's deliveries (decision 054, rules/order-lists.ts DELIVERY_RULES): their kept counts, counted
-- from the orders once.
DELETE FROM "order_list_counts" WHERE "list" = 'deliveries';--> statement-breakpoint
INSERT INTO "order_list_counts" ("tenant_id", "list", "key", "n")
  SELECT "tenant_id", 'deliveries', '', count(*)::int FROM "orders"
  WHERE "active" AND "logistik" @? '$[*] ? (!(exists(@.geliefertAm)) || @.geliefertAm == null || @.geliefertAm == "")'
  GROUP BY "tenant_id";
