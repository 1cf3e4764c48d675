-- The customer locations' ampel aggregate is computed by the application (rules/location-ampel.ts,
-- platform/location-ampels.ts) in each write's transaction; the columns and their index stay.
DROP TRIGGER IF EXISTS books_location_ampel ON books;--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_location_books_inserted ON customer_location_books;--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_location_books_deleted ON customer_location_books;--> statement-breakpoint
DROP FUNCTION IF EXISTS books_ampel_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS location_books_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS refresh_location_ampels(uuid[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS ampel_rank(text);
