-- Each block of an offer (angebot, opm, ersatzteile) is one jsonb column typed from its schema, so that a new
-- field of a block needs no column and no mapping. What the list sorts and filters on, the evaluation sums and
-- groups on and the daily job selects on is generated from its block under its old name, and its indexes are
-- made again on it. Dates are ISO text in the blocks, as the API writes them.
ALTER TABLE "offers" ADD COLUMN "angebot" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "opm" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ersatzteile" jsonb;--> statement-breakpoint
UPDATE "offers" SET
  "angebot" = jsonb_build_object(
    'offerNr', "offer_nr",
    'offerDate', to_char("offer_date", 'YYYY-MM-DD'),
    'offerSum', "offer_sum",
    'offerFollowUpDate', to_char("offer_follow_up_date", 'YYYY-MM-DD'),
    'talkResult', "talk_result",
    'notes', "angebot_notes"),
  "opm" = jsonb_build_object(
    'orderFollowUpDate', to_char("order_follow_up_date", 'YYYY-MM-DD'),
    'status', "opm_status",
    'notes', "opm_notes"),
  "ersatzteile" = jsonb_build_object(
    'orderNumber', "order_number",
    'orderDate', to_char("order_date", 'YYYY-MM-DD'),
    'orderSum', "order_sum",
    'civilAcceptance', "civil_acceptance",
    'implementationDate', to_char("implementation_date", 'YYYY-MM-DD'),
    'freigabeZurVerrechnung', "freigabe_zur_verrechnung",
    'invoiceValue', "invoice_value",
    'notes', "ersatzteile_notes");--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "angebot" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "opm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "ersatzteile" SET NOT NULL;--> statement-breakpoint
-- The orders' list item follows the offer number (0023); its trigger names the column, so it is made again below.
DROP TRIGGER "offers_order_list_item" ON "offers";--> statement-breakpoint
-- Dropping the columns drops their indexes (offer date, OFM follow-up, open follow-ups, status list).
ALTER TABLE "offers" DROP COLUMN "offer_nr";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "offer_date";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "offer_sum";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "offer_follow_up_date";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "talk_result";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "angebot_notes";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "order_follow_up_date";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "opm_status";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "opm_notes";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "order_number";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "order_date";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "order_sum";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "civil_acceptance";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "implementation_date";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "freigabe_zur_verrechnung";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "invoice_value";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "ersatzteile_notes";--> statement-breakpoint
-- A cast of text to date is not immutable (it reads DateStyle), so a day is made with make_date.
ALTER TABLE "offers" ADD COLUMN "offer_nr" text GENERATED ALWAYS AS ("angebot" ->> 'offerNr') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "offer_date" date GENERATED ALWAYS AS (make_date(substr("angebot" ->> 'offerDate', 1, 4)::int, substr("angebot" ->> 'offerDate', 6, 2)::int, substr("angebot" ->> 'offerDate', 9, 2)::int)) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "offer_sum" numeric(12, 2) GENERATED ALWAYS AS (("angebot" ->> 'offerSum')::numeric(12, 2)) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "offer_follow_up_date" date GENERATED ALWAYS AS (make_date(substr("angebot" ->> 'offerFollowUpDate', 1, 4)::int, substr("angebot" ->> 'offerFollowUpDate', 6, 2)::int, substr("angebot" ->> 'offerFollowUpDate', 9, 2)::int)) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "talk_result" text GENERATED ALWAYS AS ("angebot" ->> 'talkResult') STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "order_sum" numeric(12, 2) GENERATED ALWAYS AS (("ersatzteile" ->> 'orderSum')::numeric(12, 2)) STORED;--> statement-breakpoint
CREATE INDEX "offers_tenant_offer_date_idx" ON "offers" USING btree ("tenant_id","offer_date");--> statement-breakpoint
CREATE INDEX "offers_tenant_ofm_idx" ON "offers" USING btree ("tenant_id","ofm_user","offer_follow_up_date");--> statement-breakpoint
CREATE INDEX "offers_follow_up_open_idx" ON "offers" USING btree ("tenant_id","ofm_user","offer_follow_up_date","id") WHERE "offers"."active" and "offers"."offer_follow_up_date" is not null and ("offers"."talk_result" is null or "offers"."talk_result" = 'angebot_war_nicht_verstaendlich');--> statement-breakpoint
CREATE INDEX "offers_tenant_status_list_idx" ON "offers" USING btree ("tenant_id","status","ampel_rank" DESC NULLS FIRST,"offer_follow_up_date","id") WHERE "offers"."active";--> statement-breakpoint
-- The offer number now changes with the angebot block.
CREATE TRIGGER offers_order_list_item AFTER UPDATE OF angebot, tenant_id ON offers
  FOR EACH ROW WHEN (OLD.offer_nr IS DISTINCT FROM NEW.offer_nr OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION offers_number_written();
