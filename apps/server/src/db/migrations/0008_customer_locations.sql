CREATE TABLE "customer_location_books" (
	"location_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_location_books_location_id_book_id_pk" PRIMARY KEY("location_id","book_id"),
	CONSTRAINT "customer_location_books_book_id_unique" UNIQUE("book_id")
);
--> statement-breakpoint
CREATE TABLE "customer_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer" integer DEFAULT 1 NOT NULL,
	"znl" text DEFAULT '' NOT NULL,
	"nr" text DEFAULT '' NOT NULL,
	"sap_nr" text DEFAULT '' NOT NULL,
	"address" jsonb NOT NULL,
	"bemerkungen" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"ruhend" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_customer_locations" (
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "user_customer_locations_user_id_location_id_pk" PRIMARY KEY("user_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "customer_location_books" ADD CONSTRAINT "customer_location_books_location_id_customer_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_location_books" ADD CONSTRAINT "customer_location_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD CONSTRAINT "customer_locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customer_locations" ADD CONSTRAINT "user_customer_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customer_locations" ADD CONSTRAINT "user_customer_locations_location_id_customer_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_locations_tenant_idx" ON "customer_locations" USING btree ("tenant_id","customer");--> statement-breakpoint
CREATE INDEX "customer_locations_keys_idx" ON "customer_locations" USING btree ("tenant_id","znl","nr","sap_nr");--> statement-breakpoint
CREATE INDEX "user_customer_locations_location_idx" ON "user_customer_locations" USING btree ("location_id");