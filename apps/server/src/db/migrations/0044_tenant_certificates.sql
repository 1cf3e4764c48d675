CREATE TABLE "tenant_certificates" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"certificate" text NOT NULL,
	"chain" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"private_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_certificates" ADD CONSTRAINT "tenant_certificates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;