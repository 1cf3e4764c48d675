-- A process keeps each tenant's branch list for staff (modules/customerlocations/customerlocations.kept.ts,
-- decision 075) while it hears of every change to what the list shows: the locations, their books' links, and
-- a book leaving service (a retired book drops out of a location's book list). Any write to these, by the
-- server, a restore or by hand, notifies locations_changed when it commits (once per transaction); every
-- process then forgets its lists. As 0032, this decides nothing: it only says that something changed.
-- notify_change() notifies the channel its trigger names, so that a later kept read needs no function of its own.
CREATE OR REPLACE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_locations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_locations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change('locations_changed');
--> statement-breakpoint
CREATE TRIGGER customer_location_books_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_location_books
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change('locations_changed');
--> statement-breakpoint
CREATE TRIGGER books_retired_changed AFTER UPDATE OF retired_at OR DELETE OR TRUNCATE ON books
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change('locations_changed');
