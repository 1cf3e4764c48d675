CREATE TABLE "capacity_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capacity_timeslots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"date" date NOT NULL,
	"area" text NOT NULL,
	"minutes" integer NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"maw" jsonb NOT NULL,
	"capacities" jsonb NOT NULL,
	"vorlagen" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fertigung" jsonb DEFAULT '{"vorlage":null,"antriebe":1,"sonderfunktionen":0,"verriegelungen":0,"standardglaeser":0,"sonderglaeser":0,"bodenfuehrung":false,"schutzfluegel":0,"freitraeger":false,"seitenteile":0,"kommissionierung":true,"sonstigeMinuten":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "capacity_settings" ADD CONSTRAINT "capacity_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_timeslots" ADD CONSTRAINT "capacity_timeslots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_timeslots" ADD CONSTRAINT "capacity_timeslots_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_lists" ADD CONSTRAINT "cost_lists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "capacity_settings_tenant_idx" ON "capacity_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "capacity_timeslots_tenant_date_idx" ON "capacity_timeslots" USING btree ("tenant_id","date");--> statement-breakpoint
CREATE INDEX "capacity_timeslots_order_idx" ON "capacity_timeslots" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_lists_tenant_idx" ON "cost_lists" USING btree ("tenant_id");