CREATE TABLE "order_list_counts" (
	"tenant_id" uuid NOT NULL,
	"list" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_list_counts_tenant_id_list_key_pk" PRIMARY KEY("tenant_id","list","key")
);
--> statement-breakpoint
DROP INDEX "orders_innendienst_count_idx";--> statement-breakpoint
DROP INDEX "orders_montage_count_idx";--> statement-breakpoint
DROP INDEX "orders_ad_count_idx";--> statement-breakpoint
DROP INDEX "orders_vkid_count_idx";--> statement-breakpoint
DROP INDEX "orders_el_count_idx";--> statement-breakpoint
DROP INDEX "orders_ad_open_count_idx";--> statement-breakpoint
-- What the search lists of an order depend on (decision 024): the trigger passes only these columns of
-- the rows that changed, not the whole orders with their JSON.
CREATE TYPE order_list_row AS (tenant_id uuid, active boolean, status text, vkid_innendienst text, vkid_ad text,
  el_montage text, el_service_id text);--> statement-breakpoint
-- The search lists an order is in (orders.lists.ts FIXED), as (list, key): an inactive order is in none;
-- the installer list holds an order under its installer and, if other, under its service id.
CREATE OR REPLACE FUNCTION order_list_keys(o order_list_row) RETURNS TABLE (list text, key text) LANGUAGE sql IMMUTABLE AS $$
  SELECT l.list, l.key FROM (VALUES
    ('opm', lower(o.vkid_innendienst)),
    ('el', lower(o.el_montage)),
    ('el', CASE WHEN lower(o.el_service_id) <> lower(o.el_montage) THEN lower(o.el_service_id) END),
    ('ad', lower(o.vkid_ad)),
    ('vkidAll', CASE WHEN o.status IN ('CREATED', 'AKT_KW_VKID') THEN '' END),
    ('elAll', CASE WHEN o.status IN ('AKT_KW', 'MONTAGE') THEN '' END),
    ('adAll', CASE WHEN o.vkid_ad <> '' AND o.status <> 'VERRECHNET' THEN '' END)
  ) AS l(list, key)
  WHERE o.active AND l.key IS NOT NULL
$$;--> statement-breakpoint
-- Counts the lists of the orders that went (gone) and came (came) down and up, in key order (two writers
-- of the same tenant wait for each other instead of deadlocking); a count that reaches 0 is dropped.
CREATE OR REPLACE FUNCTION count_order_lists(gone order_list_row[], came order_list_row[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_list_counts AS c (tenant_id, list, key, n)
    SELECT x.tenant_id, k.list, k.key, sum(x.d)::int
    FROM (SELECT g AS o, -1 AS d, g.tenant_id FROM unnest(gone) AS g
          UNION ALL SELECT c, 1, c.tenant_id FROM unnest(came) AS c) AS x,
      LATERAL order_list_keys(x.o) AS k
    GROUP BY 1, 2, 3
    HAVING sum(x.d) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, list, key) DO UPDATE SET n = c.n + excluded.n;
  IF cardinality(gone) > 0 THEN
    DELETE FROM order_list_counts
      WHERE n = 0 AND tenant_id IN (SELECT DISTINCT g.tenant_id FROM unnest(gone) AS g);
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM count_order_lists('{}'::order_list_row[], ARRAY(SELECT ROW(n.tenant_id, n.active, n.status,
      n.vkid_innendienst, n.vkid_ad, n.el_montage, n.el_service_id)::order_list_row FROM new_orders AS n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM count_order_lists(ARRAY(SELECT ROW(o.tenant_id, o.active, o.status, o.vkid_innendienst, o.vkid_ad,
      o.el_montage, o.el_service_id)::order_list_row FROM old_orders AS o), '{}'::order_list_row[]);
  ELSE
    PERFORM count_order_lists(
      ARRAY(SELECT ROW(o.tenant_id, o.active, o.status, o.vkid_innendienst, o.vkid_ad, o.el_montage,
        o.el_service_id)::order_list_row FROM old_orders AS o),
      ARRAY(SELECT ROW(n.tenant_id, n.active, n.status, n.vkid_innendienst, n.vkid_ad, n.el_montage,
        n.el_service_id)::order_list_row FROM new_orders AS n));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_lists_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_lists_changed();--> statement-breakpoint
CREATE TRIGGER orders_lists_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_lists_changed();--> statement-breakpoint
CREATE TRIGGER orders_lists_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_lists_changed();--> statement-breakpoint
-- The orders made before the triggers are counted once.
SELECT count_order_lists('{}'::order_list_row[], ARRAY(SELECT ROW(o.tenant_id, o.active, o.status,
  o.vkid_innendienst, o.vkid_ad, o.el_montage, o.el_service_id)::order_list_row FROM orders AS o));
