/**
 * The five offer evaluations read kept figures and offer-time histograms (offer_figures,
 * offer_time_spans; rules/offer-figures.ts, decision 046). They must answer what a full count over the
 * offers answers, after any sequence of writes (inserts, changes of dates, sums, talk result, KTB,
 * received-via, department and `active`, deletes), for any range of days and department; the migration
 * that built them from the stored offers must count the same; and they go with their tenant.
 */
import { offerStatusOf, TALK_RESULTS } from '@pruefbuch/domain/rules/offer-ampel';
import { RECEIVED_VIA } from '@pruefbuch/domain/schemas/offer';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offerValues } from '../../../test/factories';
import { tag } from '../../../test/fixtures/books';
import { migrationInserts } from '../../../test/fixtures/migrations';
import { createTestApp } from '../../../test/helper';
import { type Executor, rowsOf } from '../../db/client';
import { offerFigures, offerListCounts, offers, offerTimeSpans, tenants } from '../../db/schema/index';
import { insertOfferRows, moveOfferTotals } from '../offers/offers.store';
import { type EvaluationFilter, figuresBy, type GroupKey, timesBy } from './offerevaluation.repo';

const t = await createTestApp();
const db = t.database.db;
const RUNS = Math.max(5, Math.round(Number(process.env.PROPERTY_RUNS ?? 50) / 5));

// ---------------------------------------------------------------------------------------------
// The count over every offer, as the evaluation did before it kept figures (apart from the rule)

const GROUPS: Record<GroupKey, string> = {
  month: `to_char(offer_date, 'YYYY-MM')`,
  ktb: `coalesce(ktb::text, 'none')`,
  talkResult: `coalesce(talk_result, 'none')`,
  receivedVia: `coalesce(received_via, 'none')`,
};

const scope = (tenantId: string, q: EvaluationFilter, day: string): SQL =>
  sql`tenant_id = ${tenantId} and active and ${sql.raw(day)} between ${q.from}::date and ${q.to}::date
    ${q.department === undefined ? sql`` : sql`and aktuelle_abteilung = ${q.department}`}`;

function recountFigures(ex: Executor, tenantId: string, q: EvaluationFilter, group: GroupKey) {
  return rowsOf<Record<string, unknown>>(
    ex,
    sql`select ${sql.raw(GROUPS[group])} as key, count(*)::int as "offerCnt",
      coalesce(sum(offer_sum), 0)::text as "offerSum",
      coalesce(sum(coalesce(order_sum, offer_sum)) filter (where status = 'commissioned'), 0)::text as "orderSum",
      (count(*) filter (where status = 'cancelled'))::int as "cancelledCnt",
      (count(*) filter (where status = 'commissioned'))::int as "commissionedCnt",
      (count(*) filter (where status = 'waiting'))::int as "waitingCnt"
    from offers where ${scope(tenantId, q, 'offer_date')} group by 1 order by 1`,
  );
}

/** The offer list's kept counts of a tenant (offer_list_counts), and the same counted over its offers. */
const keptListCounts = async (tenantId: string) =>
  (
    await db
      .select({ status: offerListCounts.status, n: offerListCounts.n })
      .from(offerListCounts)
      .where(eq(offerListCounts.tenantId, tenantId))
  ).sort((a, b) => a.status.localeCompare(b.status));
const recountListCounts = (tenantId: string) =>
  rowsOf<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from offers where tenant_id = ${tenantId} and active group by status order by status`,
  );

function recountTimes(ex: Executor, tenantId: string, q: EvaluationFilter) {
  const toOffer = 'offer_date - received_date';
  const toResult = `(talk_result_at at time zone 'Europe/Berlin')::date - offer_date`;
  const quartile = (p: number, span: string) => sql.raw(`percentile_cont(${p}) within group (order by ${span})`);
  return rowsOf<Record<string, unknown>>(
    ex,
    sql`select to_char(received_date, 'YYYY-MM') as month, count(*)::int as "offerCnt",
      ${quartile(0.5, toOffer)} as "toOfferMedian", ${quartile(0.25, toOffer)} as "toOfferP25",
      ${quartile(0.75, toOffer)} as "toOfferP75", ${quartile(0.5, toResult)} as "toResultMedian",
      ${quartile(0.25, toResult)} as "toResultP25", ${quartile(0.75, toResult)} as "toResultP75"
    from offers where ${scope(tenantId, q, 'received_date')} group by grouping sets ((1), ()) order by 1 nulls last`,
  );
}

/** Sums and quartiles as numbers (text or float from either side); the key and month as they are. */
const comparable = (rows: readonly object[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, k === 'key' || k === 'month' || v === null ? v : Number(v)]),
    ),
  );

// ---------------------------------------------------------------------------------------------
// Random offers and writes

const day = fc.constantFrom('2025-01-30', '2025-01-31', '2025-02-01', '2025-02-27', '2025-03-03', '2025-06-15');
const fields = fc.record({
  receivedDate: fc.option(day, { nil: null }),
  offerDate: fc.option(day, { nil: null }),
  offerSum: fc.option(fc.constantFrom(0, 0.01, 1999.99, 45_000), { nil: null }),
  orderSum: fc.option(fc.constantFrom(0, 1500.5), { nil: null, freq: 2 }),
  talkResult: fc.option(fc.constantFrom(...TALK_RESULTS), { nil: null }),
  talkResultAt: fc.option(fc.constantFrom('2025-02-01T23:30:00Z', '2025-03-05T09:00:00Z', '2025-01-29T12:00:00Z'), {
    nil: null,
  }),
  receivedVia: fc.option(fc.constantFrom(...RECEIVED_VIA), { nil: null }),
  ktb: fc.nat(2),
  department: fc.constantFrom(3, 5),
  active: fc.constantFrom(true, true, false),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;
const write = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), rows: fc.array(fields, { minLength: 1, maxLength: 6 }) }),
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(), many: fc.boolean(), set: fields }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
const range = fc.record({
  from: fc.constantFrom('2025-01-01', '2025-01-31', '2025-02-01', '2025-03-01'),
  to: fc.constantFrom('2025-01-31', '2025-02-28', '2025-03-03', '2025-12-31'),
  department: fc.constantFrom(undefined, 3, 5),
});

/** The offer's columns for these values (ktb: none, or one of the tenant's two KTB users). */
function valuesOf(f: Fields, ktbs: string[]) {
  return {
    fields: {
      receivedDate: f.receivedDate,
      receivedVia: f.receivedVia,
      ktb: f.ktb === 0 ? null : (ktbs[f.ktb - 1] as string),
      aktuelle_abteilung: f.department,
      angebot: { offerDate: f.offerDate, offerSum: f.offerSum, talkResult: f.talkResult },
      ersatzteile: { orderSum: f.orderSum },
    },
    row: {
      active: f.active,
      talkResultAt: f.talkResult && f.talkResultAt ? new Date(f.talkResultAt) : null,
      status: offerStatusOf(f.talkResult),
    },
  };
}

async function applyWrites(tenantId: string, ktbs: string[], writes: Write[]) {
  for (const w of writes) {
    const ids = (await db.select({ id: offers.id }).from(offers).where(eq(offers.tenantId, tenantId))).map((o) => o.id);
    if (w.op === 'insert') {
      await insertOfferRows(
        db,
        w.rows.map((f) => {
          const v = valuesOf(f, ktbs);
          return offerValues(tenantId, v.fields, v.row);
        }),
      );
      continue;
    }
    if (!ids.length) continue;
    const chosen = w.op === 'update' && w.many ? ids : [ids[w.pick % ids.length] as string];
    const where = and(eq(offers.tenantId, tenantId), inArray(offers.id, chosen));
    const before = await db.select().from(offers).where(where);
    if (w.op === 'delete') {
      await db.delete(offers).where(where);
      await moveOfferTotals(db, before, []);
      continue;
    }
    const v = valuesOf(w.set, ktbs);
    for (const o of before) {
      const { angebot, ersatzteile, ...main } = v.fields;
      await db
        .update(offers)
        .set({
          ...main,
          ...v.row,
          angebot: { ...o.angebot, ...angebot },
          ersatzteile: { ...o.ersatzteile, ...ersatzteile },
        })
        .where(and(eq(offers.tenantId, tenantId), eq(offers.id, o.id)));
    }
    await moveOfferTotals(db, before, await db.select().from(offers).where(where));
  }
}

async function world() {
  const tenant = await t.createTenant(`Angebote ${tag()}`);
  const ktbs = [
    (await t.createUser({ tenantIds: [tenant.id], email: `ktb1-${tag()}@example.org` })).id,
    (await t.createUser({ tenantIds: [tenant.id], email: `ktb2-${tag()}@example.org` })).id,
  ];
  return { tenant, ktbs };
}

describe('the kept figures of the offer evaluation', () => {
  it('answer what counting the offers answers, after any writes, in every view, range and department', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 6 }),
        fc.array(range, { minLength: 1, maxLength: 2 }),
        async (writes, ranges) => {
          const { tenant, ktbs } = await world();
          await applyWrites(tenant.id, ktbs, writes);
          for (const q of ranges) {
            for (const group of Object.keys(GROUPS) as GroupKey[]) {
              expect(comparable(await figuresBy(db, tenant.id, q, group))).toEqual(
                comparable(await recountFigures(db, tenant.id, q, group)),
              );
            }
            expect(comparable(await timesBy(db, tenant.id, q))).toEqual(
              comparable(await recountTimes(db, tenant.id, q)),
            );
          }
          // The offer list's total (rules/offer-lists.ts) is kept by the same writes.
          expect(await keptListCounts(tenant.id)).toEqual(await recountListCounts(tenant.id));
          await db.delete(tenants).where(eq(tenants.id, tenant.id));
          expect(await keptListCounts(tenant.id)).toEqual([]);
          expect(await db.select().from(offerFigures).where(eq(offerFigures.tenantId, tenant.id))).toEqual([]);
          expect(await db.select().from(offerTimeSpans).where(eq(offerTimeSpans.tenantId, tenant.id))).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('are built by the migration from the offers stored before, as the server keeps them', async () => {
    const { tenant, ktbs } = await world();
    const writes = fc.sample(fc.array(write, { minLength: 4, maxLength: 8 }), { numRuns: 1, seed: 46 })[0] ?? [];
    await applyWrites(tenant.id, ktbs, writes);
    const read = async () => ({
      figures: await db.select().from(offerFigures).where(eq(offerFigures.tenantId, tenant.id)),
      spans: await db.select().from(offerTimeSpans).where(eq(offerTimeSpans.tenantId, tenant.id)),
    });
    const sorted = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).sort();
    const kept = await read();
    await db.transaction(async (tx) => {
      await tx.delete(offerFigures);
      await tx.delete(offerTimeSpans);
      for (const table of ['offer_figures', 'offer_time_spans']) {
        for (const s of migrationInserts('0031_evaluation_figures', table)) await tx.execute(sql.raw(s));
      }
    });
    const built = await read();
    expect(kept.figures.length).toBeGreaterThan(0);
    expect(sorted(built.figures)).toEqual(sorted(kept.figures));
    expect(sorted(built.spans)).toEqual(sorted(kept.spans));
  });

  it('list counts are built by their migration from the offers stored before, as the server keeps them', async () => {
    const { tenant, ktbs } = await world();
    const writes = fc.sample(fc.array(write, { minLength: 4, maxLength: 8 }), { numRuns: 1, seed: 63 })[0] ?? [];
    await applyWrites(tenant.id, ktbs, writes);
    const kept = await keptListCounts(tenant.id);
    await db.transaction(async (tx) => {
      await tx.delete(offerListCounts);
      for (const s of migrationInserts('0046_offer_list_counts', 'offer_list_counts')) await tx.execute(sql.raw(s));
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(await keptListCounts(tenant.id)).toEqual(kept);
  });
});
