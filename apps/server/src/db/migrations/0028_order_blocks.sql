-- Orders keep each SPEC §3 block (vkid, el) as one JSON column, typed by its schema, so that a new field
-- of a block needs no column and no mapping (issue 29). The rules the database kept for the search lists
-- (which lists an order counts in, migrations 0019 and 0021) and the list item (0023) are computed by the
-- server now, in the write's transaction (rules/order-lists.ts, orders.store.ts): their triggers and
-- functions go first (order_list_item reads the columns the next migration replaces).
DROP TRIGGER IF EXISTS orders_lists_inserted ON orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_lists_updated ON orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_lists_deleted ON orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_list_item ON orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS offers_order_list_item ON offers;--> statement-breakpoint
DROP FUNCTION IF EXISTS orders_lists_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS count_order_lists(order_list_row[], order_list_row[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS order_list_keys(order_list_row);--> statement-breakpoint
DROP TYPE IF EXISTS order_list_row;--> statement-breakpoint
DROP FUNCTION IF EXISTS orders_list_item_written();--> statement-breakpoint
DROP FUNCTION IF EXISTS order_list_item(orders, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS offers_number_written();--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vkid" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "el" jsonb;--> statement-breakpoint
-- The blocks from the columns, in the schema's field names (dates as ISO text, amounts as numbers). The
-- list item loses the offer's number: a list page adds it as it reads (its editor may change it).
UPDATE "orders" SET
  "vkid" = jsonb_build_object('belegdatum', "vkid_belegdatum",
    'betrag', "vkid_betrag",
    'vergabepreis', "vkid_vergabepreis",
    'innendienst', "vkid_innendienst",
    'ad', "vkid_ad",
    'warenbtermin_date', "vkid_warenbtermin_date",
    'geplante_montage_date', "vkid_geplante_montage_date",
    'fixtermin', "vkid_fixtermin",
    'bemerkungen', "vkid_bemerkungen",
    'zivi', "vkid_zivi",
    'vorverrechnet', "vkid_vorverrechnet",
    'verrechnet', "vkid_verrechnet",
    'montage_tage', "vkid_montage_tage",
    'kalkulierte_min', "vkid_kalkulierte_min",
    'kalkulierte_std', "vkid_kalkulierte_std",
    'bestellnummer', "vkid_bestellnummer",
    'akt_kw', "vkid_akt_kw",
    'verrechneteMaw', "vkid_verrechnete_maw"),
  "el" = jsonb_build_object('service_id', "el_service_id",
    'akt_kw', "el_akt_kw",
    'benoetigte_min', "el_benoetigte_min",
    'bemerkungen', "el_bemerkungen",
    'montage', "el_montage",
    'montagedatum', "el_montagedatum"),
  "list_item" = ("list_item"::jsonb - 'offerNr')::text;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "vkid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "el" SET NOT NULL;--> statement-breakpoint
-- The counts of a deleted tenant went with its orders' trigger; now they go with the tenant.
DELETE FROM "order_list_counts" c WHERE NOT EXISTS (SELECT 1 FROM "tenants" t WHERE t."id" = c."tenant_id");--> statement-breakpoint
ALTER TABLE "order_list_counts" ADD CONSTRAINT "order_list_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
