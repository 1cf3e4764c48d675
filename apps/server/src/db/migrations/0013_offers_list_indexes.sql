-- The offer list at scale (bench/offers.ts, 50,000 offers of one tenant): an OFM and a range of the received date,
-- an OFM's open follow-ups, a status in the default order, the search by debitor (trigrams, as for books).
CREATE INDEX "offers_tenant_ofm_received_idx" ON "offers" USING btree ("tenant_id","ofm_user","received_date");--> statement-breakpoint
CREATE INDEX "offers_follow_up_open_idx" ON "offers" USING btree ("tenant_id","ofm_user","offer_follow_up_date","id") WHERE "offers"."active" and "offers"."offer_follow_up_date" is not null and ("offers"."talk_result" is null or "offers"."talk_result" = 'angebot_war_nicht_verstaendlich');--> statement-breakpoint
CREATE INDEX "offers_tenant_status_list_idx" ON "offers" USING btree ("tenant_id","status","ampel_rank" DESC NULLS FIRST,"offer_follow_up_date","id") WHERE "offers"."active";--> statement-breakpoint
CREATE INDEX "offers_debitor_trgm_idx" ON "offers" USING gin ("tenant_id","debitor" gin_trgm_ops);