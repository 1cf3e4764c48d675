/**
 * The operations evaluation reads kept figures (order_figures, rules/order-figures.ts, decision 046).
 * They must answer what a full count over the orders answers, after any sequence of writes (inserts,
 * changes of dates, weeks, sums, minutes and department, deletes), for any range of days, any
 * department and any current week; the migration that built them from the stored orders must count
 * the same; and they go with their tenant.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderValues } from '../../../test/factories';
import { tag } from '../../../test/fixtures/books';
import { migrationInserts } from '../../../test/fixtures/migrations';
import { createTestApp } from '../../../test/helper';
import { type Executor, rowsOf } from '../../db/client';
import { orderFigures, orders, tenants } from '../../db/schema/index';
import { insertOrderRows, moveOrderTotals } from '../orders/orders.store';
import { type OpFigures, type OpFilter, opFigures } from './opevaluation.repo';

const t = await createTestApp();
const db = t.database.db;
const RUNS = Math.max(5, Math.round(Number(process.env.PROPERTY_RUNS ?? 50) / 5));

/**
 * The figures by counting every order, as the evaluation did before it kept them (written apart from
 * the domain's rule): each order's events, dated by their Berlin day, counted per month and in total.
 */
function recount(ex: Executor, tenantId: string, q: OpFilter, now: Date) {
  const berlin = (col: string) => sql.raw(`(o.${col} at time zone 'Europe/Berlin')`);
  const thisWeek = sql`to_char(${now.toISOString()}::timestamptz at time zone 'Europe/Berlin', 'IYYY-"W"IW')`;
  const installedWeek = sql`to_char(${berlin('installed_at')}, 'IYYY-"W"IW')`;
  const late = sql`o.vkid_akt_kw <> '' and (case when o.installed_at is null then o.vkid_akt_kw < ${thisWeek} else ${installedWeek} > o.vkid_akt_kw end)`;
  const both = sql`e.k = 'i' and o.vkid_kalkulierte_min is not null and o.el_benoetigte_min is not null`;
  return rowsOf<OpFigures>(
    ex,
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
    where o.tenant_id = ${tenantId}
      ${q.department === undefined ? sql`` : sql`and o.aktuelle_abteilung = ${q.department}`}
      and e.at is not null and e.at >= ${q.from}::date and e.at < ${q.to}::date + 1
    group by grouping sets ((1), ())
    order by 1 nulls last`,
  );
}

/** Sums as numbers (the kept ones come as '12.5000', the counted ones as '12.50'). */
const comparable = (rows: OpFigures[]) =>
  rows.map((r) => ({ ...r, betragSum: Number(r.betragSum), vergabepreisSum: Number(r.vergabepreisSum) }));

// Moments around a year's end and a change of summer time, so days, weeks and months fall apart in
// Berlin and UTC: 23:30 UTC is the next day in Berlin.
const moment = fc
  .record({
    day: fc.constantFrom('2025-03-29', '2025-03-30', '2025-06-30', '2025-12-28', '2025-12-31', '2026-01-04'),
    time: fc.constantFrom('08:00:00Z', '22:30:00Z', '23:30:00Z'),
  })
  .map((m) => new Date(`${m.day}T${m.time}`));
const week = fc.constantFrom('', '2025-W13', '2025-W27', '2025-W52', '2026-W01', '2026-W02');
const euros = fc.option(fc.constantFrom(0, 0.01, 1234.5, 99_999.99), { nil: null });
const minutes = fc.option(fc.constantFrom(0, 30, 480), { nil: null });
const fields = fc.record({
  createdAt: moment,
  installedAt: fc.option(moment, { nil: null }),
  acceptedAt: fc.option(moment, { nil: null }),
  billedAt: fc.option(moment, { nil: null }),
  aktKw: week,
  betrag: euros,
  vergabepreis: euros,
  kalk: minutes,
  benoetigt: minutes,
  department: fc.constantFrom(1, 3, 5),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;
const write = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), rows: fc.array(fields, { minLength: 1, maxLength: 4 }) }),
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(), many: fc.boolean(), set: fields }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
);
const range = fc.record({
  from: fc.constantFrom('2025-01-01', '2025-03-30', '2025-06-01', '2025-12-29'),
  to: fc.constantFrom('2025-03-31', '2025-06-30', '2025-12-31', '2026-01-04', '2026-03-01'),
  department: fc.constantFrom(undefined, 1, 3),
  now: fc.constantFrom('2025-03-30T12:00:00Z', '2025-12-31T23:30:00Z', '2026-01-05T06:00:00Z'),
});

const blocksOf = (f: Fields) => ({
  vkid: { betrag: f.betrag, vergabepreis: f.vergabepreis, akt_kw: f.aktKw, kalkulierte_min: f.kalk },
  el: { benoetigte_min: f.benoetigt },
});
const rowOf = (f: Fields) => ({
  createdAt: f.createdAt,
  installedAt: f.installedAt,
  acceptedAt: f.acceptedAt,
  billedAt: f.billedAt,
  aktuelleAbteilung: f.department,
});

/** Writes `f` over the chosen orders as an order write does: the row, then what is kept moved. */
async function updateOrders(tenantId: string, ids: string[], f: Fields) {
  const where = and(eq(orders.tenantId, tenantId), inArray(orders.id, ids));
  const before = await db.select().from(orders).where(where);
  const blocks = blocksOf(f);
  for (const o of before) {
    await db
      .update(orders)
      .set({ vkid: { ...o.vkid, ...blocks.vkid }, el: { ...o.el, ...blocks.el }, ...rowOf(f) })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, o.id)));
  }
  await moveOrderTotals(db, before, await db.select().from(orders).where(where));
}

async function deleteOrders(tenantId: string, ids: string[]) {
  const where = and(eq(orders.tenantId, tenantId), inArray(orders.id, ids));
  const before = await db.select().from(orders).where(where);
  await db.delete(orders).where(where);
  await moveOrderTotals(db, before, []);
}

async function applyWrites(tenantId: string, writes: Write[]) {
  let n = 0;
  for (const w of writes) {
    const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.tenantId, tenantId))).map((o) => o.id);
    if (w.op === 'insert') {
      await insertOrderRows(
        db,
        w.rows.map((f) => orderValues(tenantId, { objekt: `Objekt ${n++}`, ...blocksOf(f) }, rowOf(f))),
      );
    } else if (ids.length) {
      const chosen = w.op === 'update' && w.many ? ids : [ids[w.pick % ids.length] as string];
      if (w.op === 'update') await updateOrders(tenantId, chosen, w.set);
      else await deleteOrders(tenantId, chosen);
    }
  }
}
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

const pendingLater: Fields = {
  createdAt: new Date('2025-03-29T08:00:00Z'),
  installedAt: null,
  acceptedAt: null,
  billedAt: null,
  aktKw: '2026-W01',
  betrag: null,
  vergabepreis: null,
  kalk: null,
  benoetigt: null,
  department: 1,
};

describe('the kept figures of the operations evaluation', () => {
  it('answer what counting the orders answers, after any writes, for any range, department and week', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 6 }),
        fc.array(range, { minLength: 1, maxLength: 3 }),
        async (writes, ranges) => {
          const tenant = await t.createTenant(`Auswertung ${tag()}`);
          await applyWrites(tenant.id, writes);
          for (const r of ranges) {
            const now = new Date(r.now);
            const q = { from: r.from, to: r.to, department: r.department };
            expect(comparable(await opFigures(db, tenant.id, q, now))).toEqual(
              comparable(await recount(db, tenant.id, q, now)),
            );
          }
          await db.delete(tenants).where(eq(tenants.id, tenant.id));
          const left = await db.select().from(orderFigures).where(eq(orderFigures.tenantId, tenant.id));
          expect(left).toEqual([]);
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          // An order pending for a later week counts nothing yet: its month shows no row of zeros.
          [
            [
              { op: 'insert', rows: [{ ...pendingLater, aktKw: '' }] },
              { op: 'update', pick: 0, many: false, set: pendingLater },
            ],
            [{ from: '2025-01-01', to: '2026-03-01', department: undefined, now: '2025-03-30T12:00:00Z' }],
          ],
        ],
      },
    );
  });

  it('are built by the migration from the orders stored before, as the server keeps them', async () => {
    const tenant = await t.createTenant(`Bestand ${tag()}`);
    const writes = fc.sample(fc.array(write, { minLength: 4, maxLength: 8 }), { numRuns: 1, seed: 46 })[0] ?? [];
    await applyWrites(tenant.id, writes);
    const kept = await db.select().from(orderFigures).where(eq(orderFigures.tenantId, tenant.id));
    await db.transaction(async (tx) => {
      await tx.delete(orderFigures);
      for (const statement of migrationInserts('0031_evaluation_figures', 'order_figures'))
        await tx.execute(sql.raw(statement));
    });
    const built = await db.select().from(orderFigures).where(eq(orderFigures.tenantId, tenant.id));
    const nonZero = (rows: typeof kept) =>
      rows
        .filter((r) => Object.entries(r).some(([k, v]) => typeof v === 'number' && k !== 'department' && v !== 0))
        .map((r) => JSON.stringify(r))
        .sort();
    expect(kept.length).toBeGreaterThan(0);
    expect(nonZero(built)).toEqual(nonZero(kept));
  });
});
