CREATE TABLE "offer_list_counts" (
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "offer_list_counts_tenant_id_status_pk" PRIMARY KEY("tenant_id","status")
);
--> statement-breakpoint
ALTER TABLE "offer_list_counts" ADD CONSTRAINT "offer_list_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts of the offers already stored (rules/offer-lists.ts: active offers per tenant and status).
INSERT INTO "offer_list_counts" ("tenant_id", "status", "n")
  SELECT "tenant_id", "status", count(*)::integer FROM "offers" WHERE "active" GROUP BY "tenant_id", "status";
