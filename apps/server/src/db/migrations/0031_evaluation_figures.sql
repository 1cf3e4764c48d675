CREATE TABLE "offer_figures" (
	"tenant_id" uuid NOT NULL,
	"group_by" text NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"department" smallint NOT NULL,
	"key" text NOT NULL,
	"offer_cnt" integer DEFAULT 0 NOT NULL,
	"offer_cents" bigint DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	"cancelled_cnt" integer DEFAULT 0 NOT NULL,
	"commissioned_cnt" integer DEFAULT 0 NOT NULL,
	"waiting_cnt" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_figures_tenant_id_group_by_grain_day_department_key_pk" PRIMARY KEY("tenant_id","group_by","grain","day","department","key")
);
--> statement-breakpoint
CREATE TABLE "offer_time_spans" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"department" smallint NOT NULL,
	"counts" jsonb NOT NULL,
	CONSTRAINT "offer_time_spans_tenant_id_kind_grain_day_department_pk" PRIMARY KEY("tenant_id","kind","grain","day","department")
);
--> statement-breakpoint
CREATE TABLE "order_figures" (
	"tenant_id" uuid NOT NULL,
	"department" smallint NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"betrag_cents" bigint DEFAULT 0 NOT NULL,
	"vergabepreis_cents" bigint DEFAULT 0 NOT NULL,
	"installed" integer DEFAULT 0 NOT NULL,
	"calculated_min" bigint DEFAULT 0 NOT NULL,
	"booked_min" bigint DEFAULT 0 NOT NULL,
	"minutes_cnt" integer DEFAULT 0 NOT NULL,
	"installed_not_billed" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"billed" integer DEFAULT 0 NOT NULL,
	"late_installed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_figures_tenant_id_grain_day_department_pk" PRIMARY KEY("tenant_id","grain","day","department")
);
--> statement-breakpoint
DROP INDEX "offers_evaluation_idx";--> statement-breakpoint
DROP INDEX "offers_times_idx";--> statement-breakpoint
ALTER TABLE "offer_figures" ADD CONSTRAINT "offer_figures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_time_spans" ADD CONSTRAINT "offer_time_spans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_figures" ADD CONSTRAINT "order_figures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The figures of the orders and offers stored so far, as rules/order-figures.ts and rules/offer-figures.ts
-- count them (decision 046); from here on the server moves them with every write.
INSERT INTO "order_figures" ("tenant_id", "department", "grain", "day", "received", "betrag_cents", "vergabepreis_cents", "installed", "calculated_min", "booked_min", "minutes_cnt", "installed_not_billed", "accepted", "billed", "late_installed", "pending")
SELECT e.tenant_id, dd.department, g.grain, g.day,
  sum(e.received), sum(e.betrag_cents), sum(e.vergabepreis_cents), sum(e.installed), sum(e.calculated_min), sum(e.booked_min),
  sum(e.minutes_cnt), sum(e.installed_not_billed), sum(e.accepted), sum(e.billed), sum(e.late_installed), sum(e.pending)
FROM (
  SELECT o.tenant_id, o.aktuelle_abteilung AS department, v.*
  FROM "orders" o
  CROSS JOIN LATERAL (VALUES
    ((o.created_at AT TIME ZONE 'Europe/Berlin')::date, 1, round(coalesce(o.vkid_betrag, 0) * 100)::bigint, round(coalesce(o.vkid_vergabepreis, 0) * 100)::bigint, 0, 0::bigint, 0::bigint, 0, 0, 0, 0, 0, 0),
    ((o.installed_at AT TIME ZONE 'Europe/Berlin')::date, 0, 0::bigint, 0::bigint, 1,
      CASE WHEN o.vkid_kalkulierte_min IS NOT NULL AND o.el_benoetigte_min IS NOT NULL THEN o.vkid_kalkulierte_min ELSE 0 END::bigint,
      CASE WHEN o.vkid_kalkulierte_min IS NOT NULL AND o.el_benoetigte_min IS NOT NULL THEN o.el_benoetigte_min ELSE 0 END::bigint,
      CASE WHEN o.vkid_kalkulierte_min IS NOT NULL AND o.el_benoetigte_min IS NOT NULL THEN 1 ELSE 0 END,
      CASE WHEN o.billed_at IS NULL THEN 1 ELSE 0 END, 0, 0, 0, 0),
    ((o.accepted_at AT TIME ZONE 'Europe/Berlin')::date, 0, 0::bigint, 0::bigint, 0, 0::bigint, 0::bigint, 0, 0, 1, 0, 0, 0),
    ((o.billed_at AT TIME ZONE 'Europe/Berlin')::date, 0, 0::bigint, 0::bigint, 0, 0::bigint, 0::bigint, 0, 0, 0, 1, 0, 0),
    (CASE WHEN o.vkid_akt_kw <> '' AND o.installed_at IS NOT NULL
        AND to_char(o.installed_at AT TIME ZONE 'Europe/Berlin', 'IYYY-"W"IW') > o.vkid_akt_kw
      THEN to_date(o.vkid_akt_kw, 'IYYY-"W"IW') END, 0, 0::bigint, 0::bigint, 0, 0::bigint, 0::bigint, 0, 0, 0, 0, 1, 0),
    (CASE WHEN o.vkid_akt_kw <> '' AND o.installed_at IS NULL THEN to_date(o.vkid_akt_kw, 'IYYY-"W"IW') END,
      0, 0::bigint, 0::bigint, 0, 0::bigint, 0::bigint, 0, 0, 0, 0, 0, 1)
  ) AS v(day, received, betrag_cents, vergabepreis_cents, installed, calculated_min, booked_min, minutes_cnt, installed_not_billed, accepted, billed, late_installed, pending)
  WHERE v.day IS NOT NULL
) e
CROSS JOIN LATERAL (VALUES
  ('d', e.day),
  ('w', CASE WHEN date_trunc('month', date_trunc('week', e.day)) = date_trunc('month', date_trunc('week', e.day) + interval '6 days')
    THEN date_trunc('week', e.day)::date END),
  ('m', date_trunc('month', e.day)::date)
) AS g(grain, day)
CROSS JOIN LATERAL (VALUES (e.department), (0)) AS dd(department)
WHERE g.day IS NOT NULL
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "offer_figures" ("tenant_id", "group_by", "grain", "day", "department", "key", "offer_cnt", "offer_cents", "order_cents", "cancelled_cnt", "commissioned_cnt", "waiting_cnt")
SELECT o.tenant_id, k.group_by, g.grain, g.day, dd.department, k.key,
  count(*),
  sum(round(coalesce(o.offer_sum, 0) * 100)::bigint),
  sum(CASE WHEN o.status = 'commissioned' THEN round(coalesce(o.order_sum, o.offer_sum, 0) * 100)::bigint ELSE 0 END),
  count(*) FILTER (WHERE o.status = 'cancelled'),
  count(*) FILTER (WHERE o.status = 'commissioned'),
  count(*) FILTER (WHERE o.status = 'waiting')
FROM "offers" o
CROSS JOIN LATERAL (VALUES
  ('d', o.offer_date),
  ('w', CASE WHEN date_trunc('month', date_trunc('week', o.offer_date)) = date_trunc('month', date_trunc('week', o.offer_date) + interval '6 days')
    THEN date_trunc('week', o.offer_date)::date END),
  ('m', date_trunc('month', o.offer_date)::date)
) AS g(grain, day)
CROSS JOIN LATERAL (VALUES (o.aktuelle_abteilung), (0)) AS dd(department)
CROSS JOIN LATERAL (VALUES
  ('month', ''),
  ('ktb', coalesce(o.ktb::text, 'none')),
  ('talkResult', coalesce(o.talk_result, 'none')),
  ('receivedVia', coalesce(o.received_via, 'none'))
) AS k(group_by, key)
WHERE o.active AND o.offer_date IS NOT NULL AND g.day IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "offer_time_spans" ("tenant_id", "kind", "grain", "day", "department", "counts")
SELECT h.tenant_id, h.kind, h.grain, h.day, h.department, jsonb_object_agg(h.span::text, h.n)
FROM (
  SELECT o.tenant_id, s.kind, g.grain, g.day, dd.department, s.span, count(*) AS n
  FROM "offers" o
  CROSS JOIN LATERAL (VALUES
    ('d', o.received_date),
    ('w', CASE WHEN date_trunc('month', date_trunc('week', o.received_date)) = date_trunc('month', date_trunc('week', o.received_date) + interval '6 days')
      THEN date_trunc('week', o.received_date)::date END),
    ('m', date_trunc('month', o.received_date)::date)
  ) AS g(grain, day)
  CROSS JOIN LATERAL (VALUES (o.aktuelle_abteilung), (0)) AS dd(department)
  CROSS JOIN LATERAL (VALUES
    ('n', 0),
    ('o', o.offer_date - o.received_date),
    ('r', (o.talk_result_at AT TIME ZONE 'Europe/Berlin')::date - o.offer_date)
  ) AS s(kind, span)
  WHERE o.active AND o.received_date IS NOT NULL AND s.span IS NOT NULL AND g.day IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
) h
GROUP BY 1, 2, 3, 4, 5;
