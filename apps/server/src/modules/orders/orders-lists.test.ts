/** The search lists and counts of SPEC §7 Orders (decision 024), each against orders that must and must not match. */
import { SEARCH_COUNT_CAP } from '@pruefbuch/domain/constants';
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { type Order, orderFieldsSchema, orderListReply } from '@pruefbuch/domain/schemas/order';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { insertOrder, type OrderFieldOverrides, orderValues } from '../../../test/factories';
import { el, expectListItemsAreOrders, isoDay, orderWorld, vkid } from '../../../test/fixtures/orders';
import { createTestApp } from '../../../test/helper';
import { orderSearch } from './orders.repo';
import { insertOrderRows } from './orders.store';

const t = await createTestApp();

/** An order of the world's tenant written directly; what the list tests need of it is its id. */
const make = async (w: { tenantId: string }, fields: OrderFieldOverrides = {}, row: OrderRowOverrides = {}) => ({
  _id: (await insertOrder(t.database.db, w.tenantId, fields, row)).id,
});
type OrderRowOverrides = Parameters<typeof insertOrder>[3];

type Page = { docs: Order[]; total: number; page: number; size: number; pages: number; more?: boolean };

describe('the search lists and counts', async () => {
  const w = await orderWorld(t);
  const other = await orderWorld(t, 'Andere');
  const day = isoDay(30);
  const plan = { geplante_montage_date: day, akt_kw: weekOf(day), warenbtermin_date: isoDay(10) };
  // The orders are written directly (test/factories.ts): the lists are under test, not POST orders or
  // the status steps. b is in sales planning, c in installation at the EL department, d billed.
  const a = await make(w, {
    objekt: 'Zeil Galerie',
    vkid: vkid({ innendienst: 'MüL', ad: 'KaR', betrag: 1234.5, vergabepreis: 999.99, kalkulierte_min: 90 }),
    el: el({ service_id: 'SRV-4711', montage: 'Team Nord', benoetigte_min: 75 }),
  });
  const b = await make(
    w,
    {
      objekt: 'Bahnhof',
      kunde: 'Deutsche Bahn',
      vkid: vkid({ ...plan, innendienst: 'mül' }),
      tuer: {
        tuertyp: 'schieber',
        antrieb: 'ES200',
        fluegel: 'F2',
        stromart: 'frX',
        komponenten: ['LS-4711B', 'USV1'],
      },
    },
    { status: 'AKT_KW_VKID' },
  );
  const installing = { akt_kw: plan.akt_kw, montagedatum: day };
  const c = await make(
    w,
    { objekt: 'Messe', vkid: vkid({ ...plan, ad: 'KAR' }), el: el({ montage: 'team nord', ...installing }) },
    { status: 'MONTAGE', aktuelleAbteilung: 2 },
  );
  const d = await make(
    w,
    { objekt: 'Altbau', vkid: vkid({ ...plan, ad: 'kar', verrechnet: true }), el: el({ montage: 'x', ...installing }) },
    { status: 'VERRECHNET', installedAt: new Date(), billedAt: new Date() },
  );
  // An inactive order matches nothing; another tenant's orders are not seen.
  await make(w, { objekt: 'Zeil Galerie alt', active: false, vkid: vkid({ innendienst: 'MüL', ad: 'KaR' }) });
  await make(other, {
    objekt: 'Zeil Galerie',
    vkid: vkid({ innendienst: 'MüL', ad: 'KaR' }),
    el: el({ service_id: 'SRV-4711' }),
  });

  const list = async (path: string) => {
    const res = await w.call('GET', `/orders/${path}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as Page;
    // The reply is written without the schema on the way out: it must be exactly what the schema keeps.
    expect(orderListReply.parse(p)).toEqual(p);
    return p.docs.map((o) => o._id).sort();
  };
  const count = async (path: string) => {
    const res = await w.call('GET', `/orders/${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { count: number }).count;
  };
  const sorted = (...os: { _id: string }[]) => os.map((o) => o._id).sort();

  it('getOrdersBySearch looks in object, AB-Nr, CS-Nr, customer, TP and service id', async () => {
    expect(await list('getOrdersBySearch/zeil')).toEqual(sorted(a));
    expect(await list('getOrdersBySearch/deutsche')).toEqual(sorted(b));
    expect(await list('getOrdersBySearch/srv-47')).toEqual(sorted(a));
  });

  it('getOrdersBySerialnummerSearch looks in the service id and the door configuration’s codes', async () => {
    expect(await list('getOrdersBySerialnummerSearch/4711')).toEqual(sorted(a, b));
    expect(await list('getOrdersBySerialnummerSearch/es200')).toEqual(sorted(b));
    expect(await list('getOrdersBySerialnummerSearch/USV1')).toEqual(sorted(b));
    expect(await list('getOrdersBySerialnummerSearch/nothing')).toEqual([]);
  });

  it('getOrdersBySerialnummerSearch finds a term within one code only, with quotes and backslashes as typed', async () => {
    const s = await orderWorld(t, 'Seriell');
    // Codes as typed, outside any catalogue: written directly (decision 052 refuses them on POST).
    const e = await make(s, {
      el: el({ service_id: 'SV-77' }),
      tuer: {
        tuertyp: 'dreher',
        antrieb: 'TSA 160',
        fluegel: 'F1',
        stromart: 'x',
        komponenten: ['Taster "Nacht"', 'C:\\RM', 'LS-9'],
      },
    });
    const found = async (term: string) => {
      const res = await s.call('GET', `/orders/getOrdersBySerialnummerSearch/${encodeURIComponent(term)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Page).docs.map((o) => o._id);
    };
    for (const term of ['"Nacht"', 'taster "n', 'C:\\RM', '\\', 'ls-9', 'sv-7', 'tsa 1'])
      expect(await found(term), term).toEqual([e._id]);
    // Across two codes, or across a code and the service id, is no match.
    for (const term of ['RMLS', 'Nacht"C', '9SV', '77TSA', '","']) expect(await found(term), term).toEqual([]);
  });

  it('the free and serial search count up to the cap or the page’s end, and say when there are more', async () => {
    const s = await orderWorld(t, 'Viele');
    const CAP = SEARCH_COUNT_CAP;
    // CAP + 30 orders with 'Klinik' and 'RM-Radar', worst ampel first by rank; 10 with 'Praxis', 2 of them inactive.
    const row = (f: OrderFieldOverrides) => orderValues(s.tenantId, f);
    const tuer = {
      tuertyp: 'dreher' as const,
      antrieb: 'DT-1F',
      fluegel: 'FL1',
      stromart: 'STR',
      komponenten: ['RM-Radar'],
    };
    const many = Array.from({ length: CAP + 30 }, (_, i) => ({
      ...row({ objekt: `Klinik Nord ${String(i).padStart(3, '0')}`, tuer }),
      gesamtRank: i % 4,
    }));
    const few = Array.from({ length: 10 }, (_, i) => row({ objekt: `Praxis ${i}`, active: i >= 2 }));
    await insertOrderRows(t.database.db, [...many, ...few]);
    const get = async (path: string) => {
      const res = await s.call('GET', `/orders${path}`);
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json() as Page;
      expect(orderListReply.parse(p)).toEqual(p);
      return p;
    };
    // Within the cap the total is exact and there is no `more`.
    expect(await get('/getOrdersBySearch/PRAXIS?size=5')).toMatchObject({ total: 8, pages: 2 });
    expect((await get('/getOrdersBySearch/praxis')).more).toBeUndefined();
    expect(await get('?search=praxis&size=5')).toMatchObject({ total: 8, pages: 2 });
    // The search lists and GET orders with a search term (the list's 'all' tab) count alike.
    for (const path of [
      '/getOrdersBySearch/klinik%20nord?',
      '/getOrdersBySerialnummerSearch/rm-radar?',
      '?search=Klinik%20Nord&',
    ]) {
      // Page 1 counts to the cap: CAP orders and more, one page beyond the CAP / 20 full pages.
      const first = await get(`${path}size=20`);
      expect(first).toMatchObject({ total: CAP, more: true, pages: CAP / 20 + 1 });
      // A page past the cap counts to its own end; the last page is exact again.
      expect(await get(`${path}size=20&page=${CAP / 20 + 1}`)).toMatchObject({ total: CAP + 20, more: true });
      const last = await get(`${path}size=20&page=${CAP / 20 + 2}`);
      expect(last).toMatchObject({ total: CAP + 30, pages: CAP / 20 + 2 });
      expect(last.more).toBeUndefined();
      expect(last.docs).toHaveLength(10);
      // Past the end: no orders, the total still counted.
      expect(await get(`${path}size=20&page=${CAP / 20 + 4}`)).toMatchObject({ docs: [], total: CAP + 30 });
      // The pages cut from the counted matches are the pages of the list's order: all orders once, worst first.
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const p = await get(`${path}size=100&page=${page}`);
        seen.push(...p.docs.map((o) => o.objekt));
      }
      expect(new Set(seen).size).toBe(CAP + 30);
      expect(seen.every((o) => o.startsWith('Klinik Nord'))).toBe(true);
      // A page size that does not divide the cap counts to whole pages: the page past them holds orders.
      const whole = Math.ceil(CAP / 30) * 30;
      expect(whole).toBeGreaterThan(CAP);
      const odd = await get(`${path}size=30`);
      expect(odd).toMatchObject({ total: whole, more: true, pages: whole / 30 + 1 });
      expect((await get(`${path}size=30&page=${whole / 30 + 1}`)).docs).toHaveLength(CAP + 30 - whole);
      // In another sort the pages cut alike: the last page by object, descending, holds the first 30.
      const lastByObject = Math.ceil((CAP + 30) / 50);
      const byObject = await get(`${path}size=50&page=${lastByObject}&sort=-objekt`);
      expect(byObject).toMatchObject({ total: CAP + 30, page: lastByObject });
      expect(byObject.docs.map((o) => o.objekt)).toEqual(
        Array.from({ length: 30 }, (_, i) => `Klinik Nord ${String(29 - i).padStart(3, '0')}`),
      );
    }
  });

  it('stores and finds an order whose searchable fields are as long as allowed, in 3-byte characters', async () => {
    // The list index holds the search text and both weeks (orders_list_idx): the longest there can be must fit an
    // index row. Different CJK characters (3 bytes each in UTF-8), so that PostgreSQL cannot compress them.
    const s = await orderWorld(t, 'Lang');
    let next = 0;
    const long = (n: number) =>
      Array.from({ length: n }, () => String.fromCharCode(0x4e00 + ((next++ * 7919) % 20_000))).join('');
    const { shape } = orderFieldsSchema;
    const max = (field: { maxLength: number | null }) => long(field.maxLength ?? 0);
    const o = await s.create({
      objekt: max(shape.objekt),
      abnr: max(shape.abnr),
      csnr: max(shape.csnr),
      kunde: max(shape.kunde),
      tp: max(shape.tp),
      vkid: vkid({ geplante_montage_date: isoDay(10), akt_kw: weekOf(isoDay(10)) }),
      el: el({ service_id: max(shape.el.shape.service_id), akt_kw: weekOf(isoDay(10)), montagedatum: isoDay(10) }),
    });
    expect(o.objekt).toHaveLength(300);
    expect([o.vkid.akt_kw, o.el.akt_kw]).toEqual([weekOf(isoDay(10)), weekOf(isoDay(10))]);
    const res = await s.call('GET', `/orders/getOrdersBySearch/${encodeURIComponent(o.kunde.slice(50, 60))}`);
    expect((res.json() as Page).docs.map((d) => d._id)).toEqual([o._id]);
  });

  it('an order number is found as any other term, though the index looks up only its last digits (decision 079)', async () => {
    const s = await orderWorld(t, 'Nummern');
    const o = (abnr: string, csnr = '', objekt = 'Halle') => make(s, { abnr, csnr, objekt });
    const exact = await o('AB-25-0012');
    const longer = await o('AB-25-00120');
    const inText = await o('AB-99-0001', '', 'Tor ab-25-0012 Nord');
    const inCs = await o('AB-99-0002', 'CS-2400123');
    // The last digits, but not the term: found by the index, left out by the term.
    await o('AB-24-0012');
    await o('AB-25-10012');
    await o('AB-99-0003', 'CS-0012');
    await o('AB-99-0004', 'CS-12400123');
    const ids = async (term: string) =>
      ((await s.call('GET', `/orders/getOrdersBySearch/${encodeURIComponent(term)}`)).json() as Page).docs
        .map((d) => d._id)
        .sort();
    const sorted = (...orders: { _id: string }[]) => orders.map((x) => x._id).sort();
    expect(await ids('AB-25-0012')).toEqual(sorted(exact, longer, inText));
    expect(await ids('ab-25-0012')).toEqual(sorted(exact, longer, inText));
    expect(await ids('AB-25-00120')).toEqual(sorted(longer));
    expect(await ids('CS-2400123')).toEqual(sorted(inCs));
    expect(await ids('cs 2400123')).toEqual([]);
    // The list's own search and the week facet take the same test.
    const listed = ((await s.call('GET', `/orders?search=${encodeURIComponent('AB-25-0012')}`)).json() as Page).docs;
    expect(listed.map((d) => d._id).sort()).toEqual(sorted(exact, longer, inText));
    const weeks = (await s.call('GET', `/orders/get/weeks?search=${encodeURIComponent('AB-25-0012')}`)).json() as {
      weeks: { count: number }[];
      none: number;
      more: boolean;
    };
    expect(weeks.none + weeks.weeks.reduce((n, w) => n + w.count, 0)).toBe(3);
    expect(weeks.more).toBe(false);
    // The index is asked for the digits: the statement carries them as a pattern of their own.
    const { params } = new PgDialect().sqlToQuery(orderSearch('AB-25-0012') as SQL);
    expect(params).toEqual(['%0012%', '%AB-25-0012%']);
    expect(new PgDialect().sqlToQuery(orderSearch('REWE Markt') as SQL).params).toEqual(['%REWE Markt%']);
  });

  it('the free and serial search ignore case in umlauts too, on the stored lower-case texts', async () => {
    const s = await orderWorld(t, 'Umlaute');
    const o = await make(s, {
      objekt: 'Ärztehaus Südstadt',
      tuer: { tuertyp: 'dreher', antrieb: 'DT-1F', fluegel: 'F1', stromart: 'x', komponenten: ['Türöffner-Ü'] },
    });
    const ids = async (path: string) => ((await s.call('GET', `/orders${path}`)).json() as Page).docs.map((d) => d._id);
    expect(await ids(`/getOrdersBySearch/${encodeURIComponent('ÄRZTEHAUS SÜD')}`)).toEqual([o._id]);
    expect(await ids(`?search=${encodeURIComponent('ärztehaus süd')}`)).toEqual([o._id]);
    expect(await ids(`/getOrdersBySerialnummerSearch/${encodeURIComponent('TÜRÖFFNER-ü')}`)).toEqual([o._id]);
    expect(await ids(`/getOrdersBySerialnummerSearch/${encodeURIComponent('ÖFFNER_')}`)).toEqual([]);
  });

  it('getOrdersByOpm and countOrdersByVkid match the sales office (vkid.innendienst), in any case', async () => {
    expect(await list('getOrdersByOpm/MÜL')).toEqual(sorted(a, b));
    expect(await count('countOrdersByVkid/mül')).toBe(2);
    expect(await count('countOrdersByVkid/MÜ')).toBe(0);
  });

  it('getOrdersByEl and countOrdersByEl match the installer (el.montage) or the service id', async () => {
    expect(await list('getOrdersByEl/Team%20Nord')).toEqual(sorted(a, c));
    expect(await list('getOrdersByEl/srv-4711')).toEqual(sorted(a));
    expect(await count('countOrdersByEl/team%20nord')).toBe(2);
    expect(await count('countOrdersByEl/SRV-4711')).toBe(1);
  });

  it('getOrdersByEl pages the installer’s and the service id’s orders together, in any sort', async () => {
    const s = await orderWorld(t, 'Montage');
    const made = [];
    for (const [objekt, montage, service_id] of [
      ['E', 'T1', ''],
      ['B', 'x', 'T1'],
      ['F', 't1', 't1'],
      ['A', 'T1', 'SV-1'],
      ['D', 'y', 't1'],
      ['C', 'T1', ''],
      ['G', 'T2', 'T2'],
    ] as const) {
      made.push(await s.create({ objekt, el: el({ montage, service_id }) }));
    }
    for (const sort of ['objekt', '-objekt', 'gesamt_ampel']) {
      const whole = await s.call('GET', `/orders/getOrdersByEl/t1?size=100&sort=${sort}`);
      const all = (whole.json() as Page).docs.map((o) => o.objekt);
      expect(all.slice().sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
      if (sort !== 'gesamt_ampel') expect(all.join('')).toBe(sort === 'objekt' ? 'ABCDEF' : 'FEDCBA');
      const paged = [];
      for (const page of [1, 2, 3, 4]) {
        const res = await s.call('GET', `/orders/getOrdersByEl/t1?size=2&page=${page}&sort=${sort}`);
        expect(res.json()).toMatchObject({ total: 6, pages: 3 });
        paged.push(...(res.json() as Page).docs.map((o) => o.objekt));
      }
      expect(paged).toEqual(all);
      // The screens' page sizes are prepared statements; 2 above is planned per call: both page alike.
      const prepared = await s.call('GET', `/orders/getOrdersByEl/t1?size=10&page=1&sort=${sort}`);
      expect((prepared.json() as Page).docs.map((o) => o.objekt)).toEqual(all);
      for (const page of [5, 6]) {
        const past = await s.call('GET', `/orders/getOrdersByEl/t1?size=10&page=${page}&sort=${sort}`);
        expect(past.json()).toMatchObject({ docs: [], total: 6, page });
      }
    }
    expect(made).toHaveLength(7);
  });

  it('getOrdersByAd and countOrdersByAd match the field sales person (vkid.ad)', async () => {
    expect(await list('getOrdersByAd/kar')).toEqual(sorted(a, c, d));
    expect(await count('countOrdersByAd/KAR')).toBe(3);
  });

  it('the /all lists: sales planning, the orders at EL, AD not yet billed; counts agree', async () => {
    expect(await list('getVkidOrders/all')).toEqual(sorted(a, b));
    expect(await count('countVkidOrders/all')).toBe(2);
    expect(await list('getElOrders/all')).toEqual(sorted(c));
    expect(await count('countElOrders/all')).toBe(1);
    // 'At EL' means the same on the EL tab and in the department filter (issue 31 item 7).
    const atEl = (await w.call('GET', '/orders?department=2')).json() as Page;
    expect(atEl.docs.map((o) => o._id).sort()).toEqual(sorted(c));
    expect(await list('getAdOrders/all')).toEqual(sorted(a, c));
    expect(await count('countAdOrders/all')).toBe(2);
  });

  it('lists each order as the order itself, without deliveries, extra effort, object data and production', async () => {
    await expectListItemsAreOrders(w, 5);
  });

  it('pages a list and refuses a bad page', async () => {
    const res = await w.call('GET', '/orders/getOrdersByAd/kar?size=2&page=2&sort=objekt');
    expect(res.json()).toMatchObject({ total: 3, page: 2, size: 2, pages: 2 });
    expect((res.json() as Page).docs.map((o) => o.objekt)).toEqual(['Zeil Galerie']);
    // A page past the end has no rows and still the total.
    const past = await w.call('GET', '/orders/getOrdersByAd/kar?size=2&page=3');
    expect(past.json()).toMatchObject({ docs: [], total: 3, page: 3, pages: 2 });
    expect((await w.call('GET', '/orders/getOrdersByAd/kar?size=0')).statusCode).toBe(400);
  });
});
