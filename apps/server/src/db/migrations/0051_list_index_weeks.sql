-- The list's index holds the two weeks after the search text (decision 073, amended 2026-12-03): the week facet of a
-- search counts its first matches in the list's order from the index alone, as the list's page finds them, instead of
-- reading them from the table (a common term) or every match of the trigrams first (a term of common words).
DROP INDEX "orders_list_idx";--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("tenant_id","gesamt_rank" DESC NULLS FIRST,"vkid_geplante_montage_date","id","search_text","vkid_akt_kw","el_akt_kw") WHERE "orders"."active";