DROP INDEX "orders_search_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_serial_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_serial_trgm_idx" ON "orders" USING gin ("serial_text" gin_trgm_ops);--> statement-breakpoint
-- A coarser histogram of the search texts (decision 024): the planner matches a term against every entry
-- on every search, and 1,000 entries cost a third of a millisecond of each. 300 still send a rare AB-Nr
-- that happens to be in the histogram to the trigram index (100 did not).
ALTER TABLE "orders" ALTER COLUMN "search_text" SET STATISTICS 300;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "serial_text" SET STATISTICS 300;--> statement-breakpoint
ANALYZE "orders";
