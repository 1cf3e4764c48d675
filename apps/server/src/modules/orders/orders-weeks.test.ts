/**
 * GET orders/get/weeks, the order list's week facet (decisions 024 and 073): the weeks of the filtered orders with
 * their counts, kept or counted, a search term's up to the cap; and the list sorted by the sales week.
 */
import { SEARCH_COUNT_CAP } from '@pruefbuch/domain/constants';
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { type OrderWeeks, orderListReply, orderWeeksReply } from '@pruefbuch/domain/schemas/order';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOrder, orderValues } from '../../../test/factories';
import { el, isoDay, orderWorld, vkid } from '../../../test/fixtures/orders';
import { createTestApp } from '../../../test/helper';
import { insertOrderRows } from './orders.store';
import { matchingOrders } from './orders.weeks';

const t = await createTestApp();

describe('GET orders/get/weeks', async () => {
  const w = await orderWorld(t, 'Wochen');
  const other = await orderWorld(t, 'Wochen Andere');
  const w1 = weekOf(isoDay(7));
  const w2 = weekOf(isoDay(14));
  await insertOrder(t.database.db, w.tenantId, { objekt: 'Ohne Woche' });
  await insertOrder(t.database.db, w.tenantId, { objekt: 'Nur Vertrieb', vkid: vkid({ akt_kw: w1 }) });
  await insertOrder(t.database.db, w.tenantId, {
    objekt: 'Beide gleich',
    vkid: vkid({ akt_kw: w1 }),
    el: el({ akt_kw: w1 }),
  });
  await insertOrder(t.database.db, w.tenantId, {
    objekt: 'Dachgeschoss',
    vkid: vkid({ akt_kw: w1 }),
    el: el({ akt_kw: w2 }),
  });
  await insertOrder(t.database.db, w.tenantId, { objekt: 'Nur EL', el: el({ akt_kw: w2 }) }, { aktuelleAbteilung: 3 });
  await insertOrder(t.database.db, w.tenantId, { objekt: 'Stillgelegt', active: false, vkid: vkid({ akt_kw: w1 }) });
  await insertOrder(t.database.db, other.tenantId, { objekt: 'Fremd', vkid: vkid({ akt_kw: w1 }) });
  const weeks = async (q = '') => {
    const res = await w.call('GET', `/orders/get/weeks${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderWeeks;
  };

  it('counts for every week the orders its filter shows, an order once per week, and those without a week', async () => {
    const all = await weeks();
    expect(all).toEqual({
      weeks: [
        { kw: w1, count: 3, sales: 3 },
        { kw: w2, count: 2, sales: 0 },
      ],
      none: 1,
      noSalesWeek: 2,
      more: false,
    });
    for (const { kw, count } of all.weeks) {
      expect((await w.call('GET', `/orders?kw=${kw}`)).json().total, kw).toBe(count);
    }
  });

  it('takes the list’s filters: department, search, inactive orders; another tenant’s orders never count', async () => {
    expect(await weeks('?department=3')).toEqual({
      weeks: [{ kw: w2, count: 1, sales: 0 }],
      none: 0,
      noSalesWeek: 1,
      more: false,
    });
    expect(await weeks('?search=dachgeschoss')).toEqual({
      weeks: [
        { kw: w1, count: 1, sales: 1 },
        { kw: w2, count: 1, sales: 0 },
      ],
      none: 0,
      noSalesWeek: 0,
      more: false,
    });
    expect(await weeks('?inactive=true')).toEqual({
      weeks: [
        { kw: w1, count: 4, sales: 4 },
        { kw: w2, count: 2, sales: 0 },
      ],
      none: 1,
      noSalesWeek: 2,
      more: false,
    });
    expect(await weeks('?status=VERRECHNET')).toEqual({ weeks: [], none: 0, noSalesWeek: 0, more: false });
    // Department and status at once are counted over the orders.
    expect(await weeks('?status=CREATED&department=3')).toEqual({
      weeks: [{ kw: w2, count: 1, sales: 0 }],
      none: 0,
      noSalesWeek: 1,
      more: false,
    });
    expect(await weeks('?status=CREATED&department=1')).toEqual(await weeks('?department=1'));
  });

  it('with a search term counts up to the cap exactly, and past it says `more` and counts nothing', async () => {
    const s = await orderWorld(t, 'Wochen Viele');
    const CAP = SEARCH_COUNT_CAP;
    // CAP orders with 'Hauptbahnhof', one in w1 and the rest without a week; one more with 'Hauptbahnhof Süd'.
    const rows = Array.from({ length: CAP }, (_, i) =>
      orderValues(s.tenantId, { objekt: `Hauptbahnhof ${i}`, vkid: vkid({ akt_kw: i === 0 ? w1 : '' }) }),
    );
    await insertOrderRows(t.database.db, rows);
    const of = async (q: string) => (await s.call('GET', `/orders/get/weeks${q}`)).json() as OrderWeeks;
    expect(await of('?search=hauptbahnhof')).toEqual({
      weeks: [{ kw: w1, count: 1, sales: 1 }],
      none: CAP - 1,
      noSalesWeek: CAP - 1,
      more: false,
    });
    await insertOrderRows(t.database.db, [orderValues(s.tenantId, { objekt: 'Hauptbahnhof Süd' })]);
    const past = await of('?search=hauptbahnhof');
    expect(orderWeeksReply.parse(past)).toEqual({ weeks: [], none: 0, noSalesWeek: 0, more: true });
    // A rarer term of the same orders is counted again; without a term the kept counts answer in full.
    expect(await of('?search=hauptbahnhof%20s')).toMatchObject({ none: 1, more: false });
    expect(await of('')).toMatchObject({ none: CAP, noSalesWeek: CAP, more: false });
  });

  it('the list sorted by the sales week puts the orders without one last, both ways', async () => {
    for (const sort of ['vkidKw', '-vkidKw']) {
      const page = orderListReply.parse((await w.call('GET', `/orders?sort=${sort}`)).json());
      expect(
        page.docs.map((o) => o.vkid.akt_kw),
        sort,
      ).toEqual([w1, w1, w1, '', '']);
    }
  });

  it('refuses bad filters with 400 at the field', async () => {
    for (const [q, field] of [
      ['status=NIX', 'status'],
      ['department=99', 'department'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const res = await w.call('GET', `/orders/get/weeks?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(JSON.stringify(res.json().details), q).toContain(field);
    }
  });
});

describe('the matches a week facet reads', () => {
  const where = sql`true`;
  const text = (read: Parameters<typeof matchingOrders>[3]) =>
    matchingOrders(t.database.db, 'tenant', where, read).toSQL().sql.toLowerCase();

  it('are all of them, in no order, without a cap: counting every match needs no sort', () => {
    expect(text({})).not.toMatch(/order by|limit/);
    expect(text({ inListOrder: true })).not.toMatch(/order by|limit/);
  });

  it('are the first past the cap in the list’s order for the active orders, in no order with the inactive', () => {
    expect(text({ upTo: SEARCH_COUNT_CAP, inListOrder: true })).toMatch(/order by .* limit \$\d+$/);
    expect(text({ upTo: SEARCH_COUNT_CAP })).not.toMatch(/order by/);
    expect(text({ upTo: SEARCH_COUNT_CAP })).toMatch(/limit \$\d+$/);
  });
});
