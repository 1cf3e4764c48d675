CREATE TABLE "order_numbers" (
	"tenant_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"prefix" text NOT NULL,
	"last_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_numbers_tenant_id_year_pk" PRIMARY KEY("tenant_id","year")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "opm_user" uuid;--> statement-breakpoint
ALTER TABLE "order_numbers" ADD CONSTRAINT "order_numbers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_opm_user_users_id_fk" FOREIGN KEY ("opm_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;