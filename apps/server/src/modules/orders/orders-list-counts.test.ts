/**
 * The counts the server keeps for the search lists (order_list_counts, rules/order-lists.ts,
 * orders.store.ts, decision 024) agree with counting the orders in SQL, after any sequence of writes:
 * single and many rows at once, a person, installer, service id, status, a week, a delivery or `active` changed,
 * orders deleted, the tenant deleted. The weeks of the list's week filter are counted the same way.
 */
import { Role } from '@pruefbuch/domain/roles';
import { ORDER_STATUSES } from '@pruefbuch/domain/rules/order-status';
import { DELIVERY_DEFAULTS } from '@pruefbuch/domain/schemas/order';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderValues } from '../../../test/factories';
import { tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { rowsOf } from '../../db/client';
import { orderListCounts, orders, tenants } from '../../db/schema/index';
import { insertOrderRows, moveListCounts } from './orders.store';

const t = await createTestApp();
const db = t.database.db;
const RUNS = Math.max(5, Math.round(Number(process.env.PROPERTY_RUNS ?? 50) / 5));

const PEOPLE = ['MüL', 'mül', 'KaR', '', 'Team Nord', 'team nord ', 'SV-1'];
const person = fc.constantFrom(...PEOPLE);
const week = fc.constantFrom('', '2026-W48', '2026-W49');
const fields = fc.record({
  vkidAktKw: week,
  elAktKw: week,
  vkidInnendienst: person,
  vkidAd: person,
  elMontage: person,
  elServiceId: person,
  status: fc.constantFrom(...ORDER_STATUSES),
  aktuelleAbteilung: fc.constantFrom(1, 3, 5),
  active: fc.boolean(),
  // The deliveries' dates it came: none, come, awaited (null, empty) or a mix.
  delivered: fc.constantFrom([], ['2026-11-20'], [null], ['2026-11-20', ''], ['2026-11-20', '2026-11-21']),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;
const write = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), rows: fc.array(fields, { minLength: 1, maxLength: 4 }) }),
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(), many: fc.boolean(), set: fields }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
);

/** The order's blocks and columns for these values. */
const shapeOf = (f: Fields) => ({
  fields: {
    vkid: { akt_kw: f.vkidAktKw, innendienst: f.vkidInnendienst, ad: f.vkidAd },
    el: { akt_kw: f.elAktKw, montage: f.elMontage, service_id: f.elServiceId },
    logistik: f.delivered.map((geliefertAm, i) => ({ ...DELIVERY_DEFAULTS, bezeichnung: `Teil ${i}`, geliefertAm })),
  },
  row: { status: f.status, aktuelleAbteilung: f.aktuelleAbteilung, active: f.active },
});

/** An order's insert values (test/factories.ts): the defaults, a numbered object and these values. */
const row = (tenantId: string, f: Fields, i: number) => {
  const shape = shapeOf(f);
  return orderValues(tenantId, { objekt: `Objekt ${i}`, ...shape.fields }, shape.row);
};

/** Writes `f` over the chosen orders as an order write does: the row, then the counts moved. */
async function updateOrders(tenantId: string, ids: string[], f: Fields) {
  const before = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)));
  const shape = shapeOf(f);
  const after = before.map((o) => ({
    ...o,
    ...shape.row,
    vkid: { ...o.vkid, ...shape.fields.vkid },
    el: { ...o.el, ...shape.fields.el },
    logistik: shape.fields.logistik,
  }));
  for (const o of after) {
    await db
      .update(orders)
      .set({ vkid: o.vkid, el: o.el, logistik: o.logistik, ...shape.row })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, o.id)));
  }
  await moveListCounts(db, before, after);
}

async function deleteOrders(tenantId: string, ids: string[]) {
  const where = and(eq(orders.tenantId, tenantId), inArray(orders.id, ids));
  const before = await db.select().from(orders).where(where);
  await db.delete(orders).where(where);
  await moveListCounts(db, before, []);
}

/** The lists' counts by counting the orders in SQL, written independently of the domain's rule. */
async function counted(tenantId: string) {
  const r = await db.execute(sql`
    select 'opm' as list, lower(vkid_innendienst) as key, count(*)::int as n from orders where tenant_id = ${tenantId} and active group by 2
    union all
    select 'el', k, count(distinct id)::int from orders, lateral (values (lower(el_montage)), (lower(el_service_id))) as v(k)
      where tenant_id = ${tenantId} and active group by 2
    union all
    select 'ad', lower(vkid_ad), count(*)::int from orders where tenant_id = ${tenantId} and active group by 2
    union all
    select 'vkidAll', '', count(*)::int from orders where tenant_id = ${tenantId} and active and status in ('CREATED', 'AKT_KW_VKID') having count(*) > 0
    union all
    select 'elAll', '', count(*)::int from orders where tenant_id = ${tenantId} and active and aktuelle_abteilung = 2 having count(*) > 0
    union all
    select 'adAll', '', count(*)::int from orders where tenant_id = ${tenantId} and active and vkid_ad <> '' and status <> 'VERRECHNET' having count(*) > 0
    union all
    select 'deliveries', '', count(*)::int from orders where tenant_id = ${tenantId} and active
      and exists (select 1 from jsonb_array_elements(logistik) as d(x) where coalesce(d.x ->> 'geliefertAm', '') = '') having count(*) > 0
    union all
    select 'week', k, count(distinct id)::int from orders, lateral (values (vkid_akt_kw), (el_akt_kw)) as v(k)
      where tenant_id = ${tenantId} and active and k <> '' group by 2
    union all
    select 'week', '', count(*)::int from orders where tenant_id = ${tenantId} and active and vkid_akt_kw = '' and el_akt_kw = '' having count(*) > 0
    union all
    select 'salesWeek', vkid_akt_kw, count(*)::int from orders where tenant_id = ${tenantId} and active group by 2
    union all
    select 'week' || s, p || k, count(distinct id)::int from orders,
      lateral (values (vkid_akt_kw), (el_akt_kw)) as v(k),
      lateral (values ('.d', aktuelle_abteilung || '|'), ('.s', status || '|')) as f(s, p)
      where tenant_id = ${tenantId} and active and k <> '' group by 1, 2
    union all
    select 'week' || s, p, count(*)::int from orders,
      lateral (values ('.d', aktuelle_abteilung || '|'), ('.s', status || '|')) as f(s, p)
      where tenant_id = ${tenantId} and active and vkid_akt_kw = '' and el_akt_kw = '' group by 1, 2
    union all
    select 'salesWeek' || s, p || vkid_akt_kw, count(*)::int from orders,
      lateral (values ('.d', aktuelle_abteilung || '|'), ('.s', status || '|')) as f(s, p)
      where tenant_id = ${tenantId} and active group by 1, 2`);
  return sortedCounts((r as unknown as { rows: { list: string; key: string; n: number }[] }).rows);
}

const sortedCounts = (rows: { list: string; key: string; n: number }[]) =>
  rows.map((c) => `${c.list}|${c.key}|${c.n}`).sort();

async function kept(tenantId: string) {
  const rows = await db
    .select({ list: orderListCounts.list, key: orderListCounts.key, n: orderListCounts.n })
    .from(orderListCounts)
    .where(eq(orderListCounts.tenantId, tenantId));
  return sortedCounts(rows);
}

describe('the counts of the search lists', () => {
  it('agree with counting the orders after any writes, and go with the tenant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
        const tenant = await t.createTenant(`Zählung ${tag()}`);
        const other = await t.createTenant(`Andere ${tag()}`);
        await insertOrderRows(db, [row(other.id, { ...PEOPLE_ROW }, 0)]);
        const otherBefore = await kept(other.id);
        let n = 0;
        for (const w of writes) {
          const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.tenantId, tenant.id))).map(
            (o) => o.id,
          );
          if (w.op === 'insert') {
            await insertOrderRows(
              db,
              w.rows.map((f) => row(tenant.id, f, n++)),
            );
          } else if (ids.length) {
            const chosen = w.op === 'update' && w.many ? ids : [ids[w.pick % ids.length] as string];
            if (w.op === 'update') await updateOrders(tenant.id, chosen, w.set);
            else await deleteOrders(tenant.id, chosen);
          }
          expect(await kept(tenant.id)).toEqual(await counted(tenant.id));
        }
        expect(await kept(other.id)).toEqual(otherBefore);
        await db.delete(tenants).where(eq(tenants.id, tenant.id));
        expect(await kept(tenant.id)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the order list’s total without a search (rules/order-lists.ts keptListTotal)', () => {
  it('is what counting the orders answers, for every filter, whether a kept count answers it or not', async () => {
    const tenant = await t.createTenant(`Summe ${tag()}`);
    const { token } = await t.signedIn(Role.ADMIN_ROLE, { tenantIds: [tenant.id] });
    const sample = fc.sample(fields, { numRuns: 40, seed: 63 });
    await insertOrderRows(
      db,
      sample.map((f, i) => row(tenant.id, f, i)),
    );
    const filters: Record<string, string | number>[] = [{}];
    for (const department of [1, 3, 5]) filters.push({ department });
    for (const status of ORDER_STATUSES) filters.push({ status });
    for (const kw of ['2026-W48', '2026-W49']) {
      filters.push({ kw }, { kw, department: 3 }, { kw, status: 'CREATED' }, { kw, department: 1, status: 'MONTAGE' });
    }
    filters.push({ department: 5, status: 'AKT_KW' }, { division: 'bau' }, { inactive: 'true' });
    for (const f of filters) {
      const query = new URLSearchParams({
        size: '1',
        ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])),
      });
      const res = await t.api({ url: `/orders?${query}`, token, tenant: tenant.id });
      expect(res.statusCode, query.toString()).toBe(200);
      const [c] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where tenant_id = ${tenant.id}
          ${f.inactive ? sql`` : sql`and active`}
          ${f.department === undefined ? sql`` : sql`and aktuelle_abteilung = ${f.department}`}
          ${f.status === undefined ? sql`` : sql`and status = ${f.status}`}
          ${f.kw === undefined ? sql`` : sql`and (vkid_akt_kw = ${f.kw} or el_akt_kw = ${f.kw})`}
          ${f.division === undefined ? sql`` : sql`and abteilung ->> ${f.division} = 'true'`}`,
      );
      expect((res.json() as { total: number }).total, query.toString()).toBe(c?.n);
    }
  });
});

const PEOPLE_ROW: Fields = {
  vkidAktKw: '2026-W48',
  elAktKw: '2026-W49',
  vkidInnendienst: 'MüL',
  vkidAd: 'KaR',
  elMontage: 'Team Nord',
  elServiceId: 'SV-1',
  status: 'CREATED',
  aktuelleAbteilung: 3,
  active: true,
  delivered: [null],
};
