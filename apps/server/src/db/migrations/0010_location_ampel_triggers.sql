ALTER TABLE "customer_locations" ADD COLUMN "inspection_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD COLUMN "self_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD COLUMN "book_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD COLUMN "overdue_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_locations_rank_idx" ON "customer_locations" USING btree ("tenant_id","inspection_rank");--> statement-breakpoint
-- The ampel aggregate of customer locations (decision 019), kept by the database on every change.
CREATE OR REPLACE FUNCTION ampel_rank(a text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE a WHEN 'green' THEN 1 WHEN 'orange' THEN 2 WHEN 'red' THEN 3 WHEN 'black' THEN 4 ELSE 0 END)::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_location_ampels(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE customer_locations l SET
    inspection_rank = a.insp, self_rank = a.self, book_count = a.n, overdue_count = a.overdue
  FROM (
    SELECT x.id,
      coalesce(max(ampel_rank(b.inspection_ampel)) FILTER (WHERE b.active), 0)::smallint AS insp,
      coalesce(max(ampel_rank(b.inspection_self_ampel)) FILTER (WHERE b.active), 0)::smallint AS self,
      count(b.id)::int AS n,
      (count(b.id) FILTER (WHERE b.active AND (b.inspection_ampel IN ('red', 'black')
        OR b.inspection_self_ampel IN ('red', 'black'))))::int AS overdue
    FROM unnest(ids) AS x(id)
    LEFT JOIN customer_location_books lb ON lb.location_id = x.id
    LEFT JOIN books b ON b.id = lb.book_id
    GROUP BY x.id
  ) a
  WHERE l.id = a.id
    AND (l.inspection_rank, l.self_rank, l.book_count, l.overdue_count) IS DISTINCT FROM (a.insp, a.self, a.n, a.overdue)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_books_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_location_ampels(ARRAY(SELECT DISTINCT location_id FROM new_links));
  ELSE
    PERFORM refresh_location_ampels(ARRAY(SELECT DISTINCT location_id FROM old_links));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customer_location_books_inserted AFTER INSERT ON customer_location_books
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION location_books_changed();--> statement-breakpoint
CREATE TRIGGER customer_location_books_deleted AFTER DELETE ON customer_location_books
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION location_books_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_ampel_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_location_ampels(ARRAY(
    SELECT DISTINCT lb.location_id
    FROM new_books n
    JOIN old_books o ON o.id = n.id
    JOIN customer_location_books lb ON lb.book_id = n.id
    WHERE (n.inspection_ampel, n.inspection_self_ampel, n.active)
      IS DISTINCT FROM (o.inspection_ampel, o.inspection_self_ampel, o.active)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER books_location_ampel AFTER UPDATE ON books
  REFERENCING OLD TABLE AS old_books NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION books_ampel_changed();--> statement-breakpoint
-- Locations made before the triggers get their aggregate once.
SELECT refresh_location_ampels(ARRAY(SELECT id FROM customer_locations));
