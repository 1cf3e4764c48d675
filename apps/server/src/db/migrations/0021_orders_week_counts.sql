-- The weeks of the order list's week filter and KW groups (GET orders/get/weeks, decision 024), counted with
-- the search lists: 'week' holds an order under each distinct week it has (sales or operations), under ''
-- when it has neither; 'salesWeek' under its sales week ('' without one). The same per department
-- ('week.d', 'salesWeek.d', keys 'department|week') and per status ('week.s', 'salesWeek.s', 'status|week'):
-- the list's two filters.
ALTER TYPE order_list_row ADD ATTRIBUTE vkid_akt_kw text, ADD ATTRIBUTE el_akt_kw text,
  ADD ATTRIBUTE aktuelle_abteilung integer;--> statement-breakpoint
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
  UNION ALL
  SELECT w.list || s.suffix, s.prefix || w.key FROM (VALUES
    ('week', CASE WHEN o.vkid_akt_kw <> '' THEN o.vkid_akt_kw END),
    ('week', CASE WHEN o.el_akt_kw <> '' AND o.el_akt_kw <> o.vkid_akt_kw THEN o.el_akt_kw END),
    ('week', CASE WHEN o.vkid_akt_kw = '' AND o.el_akt_kw = '' THEN '' END),
    ('salesWeek', o.vkid_akt_kw)
  ) AS w(list, key), (VALUES ('', ''), ('.d', o.aktuelle_abteilung || '|'), ('.s', o.status || '|')) AS s(suffix, prefix)
  WHERE o.active AND w.key IS NOT NULL AND s.prefix IS NOT NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM count_order_lists('{}'::order_list_row[], ARRAY(SELECT ROW(n.tenant_id, n.active, n.status,
      n.vkid_innendienst, n.vkid_ad, n.el_montage, n.el_service_id, n.vkid_akt_kw, n.el_akt_kw,
      n.aktuelle_abteilung)::order_list_row FROM new_orders AS n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM count_order_lists(ARRAY(SELECT ROW(o.tenant_id, o.active, o.status, o.vkid_innendienst, o.vkid_ad,
      o.el_montage, o.el_service_id, o.vkid_akt_kw, o.el_akt_kw, o.aktuelle_abteilung)::order_list_row
      FROM old_orders AS o), '{}'::order_list_row[]);
  ELSE
    PERFORM count_order_lists(
      ARRAY(SELECT ROW(o.tenant_id, o.active, o.status, o.vkid_innendienst, o.vkid_ad, o.el_montage,
        o.el_service_id, o.vkid_akt_kw, o.el_akt_kw, o.aktuelle_abteilung)::order_list_row FROM old_orders AS o),
      ARRAY(SELECT ROW(n.tenant_id, n.active, n.status, n.vkid_innendienst, n.vkid_ad, n.el_montage,
        n.el_service_id, n.vkid_akt_kw, n.el_akt_kw, n.aktuelle_abteilung)::order_list_row FROM new_orders AS n));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every count once more from the orders as they are (the search lists' counts come out as they were).
DELETE FROM order_list_counts;--> statement-breakpoint
SELECT count_order_lists('{}'::order_list_row[], ARRAY(SELECT ROW(o.tenant_id, o.active, o.status,
  o.vkid_innendienst, o.vkid_ad, o.el_montage, o.el_service_id, o.vkid_akt_kw, o.el_akt_kw,
  o.aktuelle_abteilung)::order_list_row FROM orders AS o));
