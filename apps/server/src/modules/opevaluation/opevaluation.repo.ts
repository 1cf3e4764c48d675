/**
 * The operations evaluation's SQL: one pass over the orders of a tenant (of a department when one is
 * asked for). Each order gives up to five dated events (received, installed, accepted, billed, late);
 * the events whose day (Europe/Berlin) lies in the range are counted per month of that day, and over
 * the whole range (grouping sets). Sums come as text (numeric in the database), exact to the cent.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

export interface OpFilter {
  from: string;
  to: string;
  department?: number | undefined;
}

export interface OpFigures {
  /** YYYY-MM, or null in the row over the whole range. */
  month: string | null;
  received: number;
  installed: number;
  accepted: number;
  billed: number;
  betragSum: string;
  vergabepreisSum: string;
  calculatedMin: number;
  bookedMin: number;
  minutesCnt: number;
  late: number;
  installedNotBilled: number;
}

const berlin = (col: string) => sql.raw(`(o.${col} at time zone 'Europe/Berlin')`);

/**
 * The figures per month and in total. An order not installed is late once its planned week is before
 * the current ISO week (Berlin). Weeks 'YYYY-Www' compare as text (fixed width).
 */
export async function opFigures(db: Executor, tenantId: string, q: OpFilter): Promise<OpFigures[]> {
  const thisWeek = sql`to_char(now() at time zone 'Europe/Berlin', 'IYYY-"W"IW')`;
  const installedWeek = sql`to_char(${berlin('installed_at')}, 'IYYY-"W"IW')`;
  const late = sql`o.vkid_akt_kw <> '' and (case when o.installed_at is null then o.vkid_akt_kw < ${thisWeek} else ${installedWeek} > o.vkid_akt_kw end)`;
  const both = sql`e.k = 'i' and o.vkid_kalkulierte_min is not null and o.el_benoetigte_min is not null`;
  // A cheap first cut on the raw columns: only orders with some date near the range are expanded
  // into events (a superset; the events are then checked exactly). The planned week may begin up to
  // six days before the first day of the range's first week.
  const start = sql`(${q.from}::date::timestamp at time zone 'Europe/Berlin')`;
  const end = sql`((${q.to}::date + 1)::timestamp at time zone 'Europe/Berlin')`;
  const within = (col: string) => sql`(${sql.raw(`o.${col}`)} >= ${start} and ${sql.raw(`o.${col}`)} < ${end})`;
  const near = sql`(${within('created_at')} or ${within('installed_at')} or ${within('accepted_at')} or ${within('billed_at')}
    or o.vkid_akt_kw between to_char(${q.from}::date - 7, 'IYYY-"W"IW') and to_char(${q.to}::date, 'IYYY-"W"IW'))`;
  return rowsOf<OpFigures>(
    db,
    sql`
    select to_char(e.at, 'YYYY-MM') as month,
      (count(*) filter (where e.k = 'r'))::int as received,
      (count(*) filter (where e.k = 'i'))::int as installed,
      (count(*) filter (where e.k = 'a'))::int as accepted,
      (count(*) filter (where e.k = 'b'))::int as billed,
      coalesce(sum(o.vkid_betrag) filter (where e.k = 'r'), 0)::text as "betragSum",
      coalesce(sum(o.vkid_vergabepreis) filter (where e.k = 'r'), 0)::text as "vergabepreisSum",
      coalesce(sum(o.vkid_kalkulierte_min) filter (where ${both}), 0)::int as "calculatedMin",
      coalesce(sum(o.el_benoetigte_min) filter (where ${both}), 0)::int as "bookedMin",
      (count(*) filter (where ${both}))::int as "minutesCnt",
      (count(*) filter (where e.k = 'l'))::int as late,
      (count(*) filter (where e.k = 'i' and o.billed_at is null))::int as "installedNotBilled"
    from orders o
    cross join lateral (values
      ('r', ${berlin('created_at')}),
      ('i', ${berlin('installed_at')}),
      ('a', ${berlin('accepted_at')}),
      ('b', ${berlin('billed_at')}),
      ('l', case when ${late} then to_date(o.vkid_akt_kw, 'IYYY-"W"IW')::timestamp end)
    ) as e(k, at)
    where o.tenant_id = ${tenantId} and ${near}
      ${q.department === undefined ? sql`` : sql`and o.aktuelle_abteilung = ${q.department}`}
      and e.at is not null
      and e.at >= ${q.from}::date and e.at < ${q.to}::date + 1
    group by grouping sets ((1), ())
    order by 1 nulls last`,
  );
}
