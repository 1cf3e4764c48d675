-- Trigram search of books within a tenant (pg_trgm, btree_gin: trusted extensions, a database owner may create them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "books_tenant_folder_title_idx";--> statement-breakpoint
DROP INDEX "books_tenant_title_idx";--> statement-breakpoint
CREATE INDEX "books_search_trgm_idx" ON "books" USING gin ("tenant_id",("title" || chr(31) || "customer" || chr(31) || "site" || chr(31) || "glasbocknr" || chr(31) || "manufacturer_no" || chr(31) || "order_no" || chr(31) || coalesce("objectaddress" ->> 'zip', '') || chr(31) || coalesce("objectaddress" ->> 'location', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_tenant_folder_title_idx" ON "books" USING btree ("tenant_id","folder_id","title","id");--> statement-breakpoint
CREATE INDEX "books_tenant_title_idx" ON "books" USING btree ("tenant_id","title","id");
