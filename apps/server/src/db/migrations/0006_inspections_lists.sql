CREATE INDEX "books_tenant_next_inspection_idx" ON "books" USING btree ("tenant_id","next_inspection_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_book_user_idx" ON "bookings" USING btree ("book_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_corrects_idx" ON "inspections" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "inspections_creator_created_idx" ON "inspections" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "inspections_finalizer_idx" ON "inspections" USING btree ("finalized_by","finalized_at");