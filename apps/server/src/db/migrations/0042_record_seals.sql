CREATE TABLE "record_chain_heads" (
	"book_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_seals" (
	"tenant_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"inspection_id" uuid NOT NULL,
	"form" integer DEFAULT 1 NOT NULL,
	"content_hash" text,
	"pdfs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prev_hash" text,
	"hash" text,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_seals_book_id_seq_pk" PRIMARY KEY("book_id","seq")
);
--> statement-breakpoint
ALTER TABLE "record_chain_heads" ADD CONSTRAINT "record_chain_heads_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_chain_heads" ADD CONSTRAINT "record_chain_heads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_seals" ADD CONSTRAINT "record_seals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_seals" ADD CONSTRAINT "record_seals_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_seals_inspection_key" ON "record_seals" USING btree ("inspection_id");--> statement-breakpoint
-- The records finalized before the chain existed (decision 057): a seal each, per book in the order they
-- were finalized, without a hash yet; the next start hashes them as they are now (completePendingSeals).
INSERT INTO "record_seals" ("tenant_id", "book_id", "seq", "inspection_id") SELECT "tenant_id", "book_id", row_number() OVER (PARTITION BY "book_id" ORDER BY "finalized_at", "created_at", "id"), "id" FROM "inspections" WHERE "finalized_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "record_chain_heads" ("book_id", "tenant_id", "seq", "hash") SELECT "book_id", min("tenant_id"::text)::uuid, max("seq"), NULL FROM "record_seals" GROUP BY "book_id";
