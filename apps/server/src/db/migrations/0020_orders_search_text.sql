DROP INDEX "orders_list_idx";--> statement-breakpoint
DROP INDEX "orders_search_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_serial_trgm_idx";--> statement-breakpoint
-- The serial number search's text (decision 024): the service id and each code of the door configuration
-- (drive, wings, power type, every component) in lower case, joined by chr(31), so that a term without
-- chr(31) matches within one code only. Components are codes, not JSON text: nothing is escaped.
CREATE OR REPLACE FUNCTION order_serial_text(service_id text, tuer jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(chr(31), service_id, tuer ->> 'antrieb', tuer ->> 'fluegel', tuer ->> 'stromart',
    (SELECT string_agg(k.code, chr(31)) FROM jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(tuer -> 'komponenten') = 'array' THEN tuer -> 'komponenten' ELSE '[]'::jsonb END) AS k(code))))
$$;--> statement-breakpoint
-- Both columns in one statement: the table is rewritten once.
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("orders"."objekt" || chr(31) || "orders"."abnr" || chr(31) || "orders"."csnr" || chr(31) || "orders"."kunde" || chr(31) || "orders"."tp" || chr(31) || "orders"."el_service_id")) STORED NOT NULL,
  ADD COLUMN "serial_text" text GENERATED ALWAYS AS (order_serial_text("orders"."el_service_id", "orders"."tuer")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","search_text") WHERE "orders"."active";--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_serial_trgm_idx" ON "orders" USING gin ("tenant_id","serial_text" gin_trgm_ops);--> statement-breakpoint
-- A finer histogram of the search texts (decision 024): the planner estimates how many orders a term
-- finds from it, and chooses by that between reading the list's index in order (a common term: the page
-- and the capped count come first) and the trigram index (a rare one). With the default 100 entries one
-- entry that happened to hold a rare AB-Nr made it read the whole list.
ALTER TABLE "orders" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "serial_text" SET STATISTICS 1000;--> statement-breakpoint
-- The histograms now, not when autovacuum next analyses the table (adding columns counts no changed row).
ANALYZE "orders";
