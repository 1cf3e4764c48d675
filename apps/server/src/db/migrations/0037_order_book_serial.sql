ALTER TABLE "orders" ADD COLUMN "book_serial" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_book_serial_trgm_idx" ON "orders" USING gin ("book_serial" gin_trgm_ops);--> statement-breakpoint
-- The serial numbers of the books already made from orders (issue 31 item 7).
UPDATE "orders" o SET "book_serial" = b."glasbocknr" FROM "books" b WHERE b."id" = o."book_id" AND b."tenant_id" = o."tenant_id" AND b."glasbocknr" <> '';
