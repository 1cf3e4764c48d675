/** SPEC §7 Orders on a real database: create, read, update (409), delete (only while CREATED), the list, bad input. */

import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { DELIVERY_DEFAULTS, MAW_ENTRY_DEFAULTS, type Order } from '@pruefbuch/domain/schemas/order';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { el, FOREIGN, isoDay, orderRow, orderWorld, vkid } from '../../../test/fixtures/orders';
import { createTestApp } from '../../../test/helper';
import { whileHeld } from '../../../test/row-held';
import { orders } from '../../db/schema/index';
import { runOrderDay } from './orders.job';
import { listItemOf } from './orders.store';

const t = await createTestApp();

type Page = { docs: Order[]; total: number; page: number; size: number; pages: number };
const ids = (p: Page) => p.docs.map((d) => d._id);
const deliveryRow = { ...DELIVERY_DEFAULTS, bezeichnung: 'Antrieb', lieferant: 'X', menge: 1 };

describe('POST/GET/PUT/DELETE orders', () => {
  it('creates an order from the defaults, CREATED in department 1, with its ampels and protocol', async () => {
    const w = await orderWorld(t);
    const res = await w.call('POST', '/orders', { objekt: 'Kaufhof Zeil', abnr: 'AB-1', csnr: 'CS-1' });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({
      tenant: w.tenantId,
      objekt: 'Kaufhof Zeil',
      abnr: 'AB-1',
      status: 'CREATED',
      aktuelle_abteilung: 1,
      offerId: null,
      offerNr: '',
      bookId: null,
      logistik: [],
      vkid: { betrag: null, akt_kw: '', ampel: 'orange' },
      el: { service_id: '', ampel: null },
      gesamt_ampel: 'orange',
      __v: 0,
    });
    expect((await orderRow(t, order._id)).gesamtRank).toBe(2);
    const got = await w.call('GET', `/orders/${order._id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(order);
    const protocol = (await w.call('GET', `/protocol/getProtocolByOrder/${order._id}`)).json() as {
      field: string;
      action: string;
    }[];
    expect(protocol.every((e) => e.action === 'create')).toBe(true);
    expect(protocol.map((e) => e.field)).toEqual(expect.arrayContaining(['objekt', 'abnr', 'status']));
  });

  it('updates blocks whole, recomputes the ampels, records dotted fields, and refuses a stale __v with 409', async () => {
    const w = await orderWorld(t);
    const order = await w.create({ objekt: 'A' });
    const planned = isoDay(30);
    const updated = await w.put(order, {
      vkid: vkid({
        geplante_montage_date: planned,
        warenbtermin_date: isoDay(20),
        akt_kw: weekOf(planned),
        betrag: 99.5,
      }),
      logistik: [
        {
          bezeichnung: 'Antrieb',
          lieferant: 'X',
          bestelltAm: null,
          geplantAm: isoDay(-3),
          geliefertAm: null,
          menge: 1,
          bemerkung: '',
        },
      ],
    });
    expect(updated.__v).toBe(1);
    expect(updated.vkid).toMatchObject({ betrag: 99.5, ampel: 'green' });
    // An overdue delivery makes the overall ampel red.
    expect(updated.gesamt_ampel).toBe('red');
    const stale = await w.call('PUT', `/orders/${order._id}`, { __v: 0, objekt: 'B' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const protocol = (await w.call('GET', `/protocol/getProtocolByOrder/${order._id}`)).json() as {
      field: string;
      newValue: string | null;
    }[];
    expect(protocol.map((e) => e.field)).toEqual(expect.arrayContaining(['vkid.betrag', 'vkid.akt_kw', 'logistik']));
  });

  it('never changes the status through PUT', async () => {
    const w = await orderWorld(t);
    const order = await w.create();
    const res = await w.call('PUT', `/orders/${order._id}`, { __v: 0, status: 'VERRECHNET', objekt: 'X' });
    if (res.statusCode === 200) expect((res.json() as Order).status).toBe('CREATED');
    else expect(res.statusCode).toBe(400);
    expect((await orderRow(t, order._id)).status).toBe('CREATED');
  });

  it('answers 400 with the field for bad input, 404 for another tenant’s order', async () => {
    const w = await orderWorld(t);
    const bad = await w.call('POST', '/orders', { vkid: vkid({ akt_kw: '2026-W60' }) });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('vkid.akt_kw');
    const order = await w.create();
    // Decision 028: something to recognise the order by, a name for each delivery, a date and something to
    // bill for each extra effort; checked on the order as it will be, and nothing is written.
    const nameless = await w.call('POST', '/orders', { tp: 'TP 2', objektnummer: '17' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().details).toEqual([
      expect.objectContaining({ field: 'objekt', key: 'validation.order.identity' }),
    ]);
    expect((await w.call('POST', '/orders', { abnr: 'AB-26-7' })).statusCode).toBe(201);
    const cleared = await w.call('PUT', `/orders/${order._id}`, { __v: 0, objekt: '' });
    expect(cleared.json().details.map((d: { field: string }) => d.field)).toEqual(['objekt']);
    const mawRow = MAW_ENTRY_DEFAULTS;
    const emptyRows = await w.call('PUT', `/orders/${order._id}`, {
      __v: 0,
      maw: [mawRow],
      logistik: [{ ...deliveryRow, bezeichnung: ' ' }],
    });
    expect(emptyRows.statusCode).toBe(400);
    expect(emptyRows.json().details.map((d: { field: string; key: string }) => `${d.field} ${d.key}`)).toEqual([
      'logistik.0.bezeichnung validation.required',
      'maw.0.datum validation.required',
      'maw.0.stunden validation.order.mawEmpty',
    ]);
    const billed = await w.put(order, { maw: [{ ...mawRow, datum: isoDay(-1), anfahrt: true }] });
    expect(billed.maw).toHaveLength(1);
    expect(billed.__v).toBe(1);
    const other = await orderWorld(t, 'Andere');
    expect((await other.call('GET', `/orders/${order._id}`)).statusCode).toBe(404);
    expect((await other.call('PUT', `/orders/${order._id}`, { __v: 0, objekt: 'x' })).statusCode).toBe(404);
    expect((await w.call('GET', `/orders/${FOREIGN}`)).statusCode).toBe(404);
  });

  it('deletes only as admin and only while CREATED (409 ORDER_NOT_DELETABLE after)', async () => {
    const w = await orderWorld(t);
    const a = await w.create();
    expect((await w.call('DELETE', `/orders/${a._id}`)).statusCode).toBe(403);
    expect((await w.call('DELETE', `/orders/${a._id}`, undefined, w.admin.token)).statusCode).toBe(204);
    expect((await w.call('GET', `/orders/${a._id}`)).statusCode).toBe(404);
    const planned = isoDay(30);
    const b = await w.put(await w.create(), {
      vkid: vkid({ geplante_montage_date: planned, akt_kw: weekOf(planned) }),
    });
    await w.stepTo(b, 'AKT_KW_VKID');
    const refused = await w.call('DELETE', `/orders/${b._id}`, undefined, w.admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORDER_NOT_DELETABLE');
  });

  it('answers updatedAt with the newest change and the count', async () => {
    const w = await orderWorld(t);
    expect((await w.call('GET', '/orders/get/updatedAt')).json()).toEqual({ updatedAt: null, count: 0 });
    const o = await w.create();
    const r = (await w.call('GET', '/orders/get/updatedAt')).json();
    expect(r).toEqual({ updatedAt: o.updatedAt, count: 1 });
  });
});

describe('GET orders', () => {
  it('pages, searches, filters by status, department, division and KW, sorts worst first', async () => {
    const w = await orderWorld(t);
    const kw = '2030-W10';
    const a = await w.create({ objekt: 'Zeil Galerie', abnr: 'AB-7', el: el({ service_id: 'SRV-77' }) });
    const b = await w.create({ objekt: 'Bahnhof', kunde: 'DB', vkid: vkid({ akt_kw: kw }), aktuelle_abteilung: 2 });
    const c = await w.create({
      objekt: 'Messe',
      abteilung: { autSchieber: true, autDreher: false, bau: false, umbau: false, export: false, ersatzteile: false },
      el: el({ akt_kw: kw }),
      active: true,
    });
    const inactive = await w.create({ objekt: 'Alt', active: false });
    const list = async (q: string) => {
      const res = await w.call('GET', `/orders${q}`);
      expect(res.statusCode).toBe(200);
      return res.json() as Page;
    };
    expect((await list('')).total).toBe(3);
    expect(ids(await list('?inactive=true')).sort()).toEqual([a._id, b._id, c._id, inactive._id].sort());
    expect(ids(await list('?search=srv-77'))).toEqual([a._id]);
    expect(ids(await list('?search=DB'))).toEqual([b._id]);
    expect(ids(await list('?department=2'))).toEqual([b._id]);
    expect(ids(await list('?division=autSchieber'))).toEqual([c._id]);
    expect(ids(await list(`?kw=${kw}`)).sort()).toEqual([b._id, c._id].sort());
    expect(ids(await list('?status=CREATED')).length).toBe(3);
    expect(ids(await list('?status=MONTAGE'))).toEqual([]);
    const paged = await list('?size=2&page=2&sort=objekt');
    expect(paged).toMatchObject({ total: 3, page: 2, size: 2, pages: 2 });
    expect(ids(paged)).toEqual([a._id]);
    // Sorting by status follows the flow, not the alphabet; '-' turns it round.
    const planned = isoDay(30);
    const moved = await w.stepTo(
      await w.put(a, { vkid: vkid({ geplante_montage_date: planned, akt_kw: weekOf(planned) }) }),
      'AKT_KW_VKID',
    );
    expect(ids(await list('?sort=-status'))[0]).toBe(moved._id);
    expect(ids(await list('?sort=status'))[2]).toBe(moved._id);
    expect((await w.call('GET', '/orders?kw=2030-W99')).statusCode).toBe(400);
    expect((await w.call('GET', '/orders?sort=nope')).statusCode).toBe(400);
  });
});

describe('the daily run', () => {
  it('moves the ampels on to the day without changing __v', async () => {
    const w = await orderWorld(t);
    const planned = isoDay(30);
    const o = await w.create({
      vkid: vkid({ geplante_montage_date: planned, warenbtermin_date: isoDay(10), akt_kw: weekOf(planned) }),
    });
    expect(o.vkid.ampel).toBe('green');
    const later = isoDay(40);
    expect((await runOrderDay(t.database.db, later, { tenantId: w.tenantId })).ampels).toBe(1);
    const row = await orderRow(t, o._id);
    expect(row).toMatchObject({ vkidAmpel: 'red', gesamtAmpel: 'red', gesamtRank: 3, version: 0 });
    expect((await runOrderDay(t.database.db, later, { tenantId: w.tenantId })).ampels).toBe(0);
  });
});

// Two connections at once: PostgreSQL only (the embedded database has one).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the daily run beside a write', () => {
  it('leaves an order written between its read and its write as that write stored it', async () => {
    const w = await orderWorld(t);
    const planned = isoDay(30);
    const o = await w.create({
      vkid: vkid({ geplante_montage_date: planned, warenbtermin_date: isoDay(10), akt_kw: weekOf(planned) }),
    });
    const db = t.database.db;
    const { written, waited, result } = await whileHeld(
      db,
      // A write that holds the order's row, storing its own list item.
      async (tx) => {
        const [row] = await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, o._id)).returning();
        const item = row ? listItemOf(row) : '';
        await tx.update(orders).set({ listItem: item }).where(eq(orders.id, o._id));
        return item;
      },
      () => runOrderDay(db, isoDay(40), { tenantId: w.tenantId }),
    );
    expect(waited).toBe(1);
    expect(result.ampels).toBe(0);
    expect(await orderRow(t, o._id)).toMatchObject({ vkidAmpel: 'green', listItem: written });
  });
});
