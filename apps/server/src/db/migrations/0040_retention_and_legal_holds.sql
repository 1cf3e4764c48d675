CREATE TABLE "legal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"book_id" uuid,
	"customer" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_holds_book_or_customer" CHECK (("legal_holds"."book_id" is null) <> ("legal_holds"."customer" is null))
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "retention_years" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_holds_book_key" ON "legal_holds" USING btree ("tenant_id","book_id") WHERE "legal_holds"."book_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_holds_customer_key" ON "legal_holds" USING btree ("tenant_id",lower(btrim("customer"))) WHERE "legal_holds"."customer" is not null;--> statement-breakpoint
CREATE INDEX "legal_holds_tenant_idx" ON "legal_holds" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "books_retired_idx" ON "books" USING btree ("tenant_id","retired_at") WHERE "books"."retired_at" is not null;