/**
 * The warehouse's deliveries (decision 054, rules/order-lists.ts DELIVERY_RULES): GET orders/getDeliveryOrders/all
 * and its count hold the tenant's active orders that await a delivery, kept as deliveries come; with a term,
 * those whose fields or an awaited delivery's name or supplier hold it.
 */
import { Role } from '@pruefbuch/domain/roles';
import { DELIVERY_DEFAULTS, type Delivery, type Order, orderListReply } from '@pruefbuch/domain/schemas/order';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/books';
import { orderWorld } from '../../../test/fixtures/orders';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

const delivery = (over: Partial<Delivery> = {}): Delivery => ({
  ...DELIVERY_DEFAULTS,
  bezeichnung: 'Antrieb',
  lieferant: 'GEZE GmbH',
  bestelltAm: '2026-11-02',
  geplantAm: '2026-11-30',
  ...over,
});

describe('the warehouse’s deliveries', async () => {
  const w = await orderWorld(t, 'Lager');
  const other = await orderWorld(t, 'Anderes Lager');
  const warehouse = await member(t, Role.ROLE_LAGER, [w.tenantId]);
  const awaited = await w.create({
    objekt: 'Messe Halle 3',
    logistik: [delivery(), delivery({ geliefertAm: '2026-11-20' })],
  });
  // Not listed: every delivery has come, or none is expected.
  await w.create({ objekt: 'Zeil Galerie', logistik: [delivery({ geliefertAm: '2026-11-20' })] });
  await w.create({ objekt: 'Bahnhof' });
  const glass = await w.create({
    objekt: 'Klinikum Nord',
    logistik: [delivery({ bezeichnung: 'Glasflügel', lieferant: 'Glas Becker' })],
  });
  const inactive = await w.create({ objekt: 'Altbau', logistik: [delivery()] });
  await w.put(inactive, { active: false });
  await other.create({ objekt: 'Messe Halle 3', logistik: [delivery()] });

  const ids = async (path: string, token = warehouse.token) => {
    const res = await w.call('GET', `/orders/${path}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(orderListReply.parse(page)).toEqual(page);
    return (page.docs as Order[]).map((o) => o._id).sort();
  };
  const count = async () => (await w.call('GET', '/orders/countDeliveryOrders/all', undefined, warehouse.token)).json();
  const sorted = (...os: Order[]) => os.map((o) => o._id).sort();

  it('lists and counts the active orders with a delivery still awaited, for the warehouse too', async () => {
    expect(await ids('getDeliveryOrders/all')).toEqual(sorted(awaited, glass));
    expect(await count()).toEqual({ count: 2 });
    expect(await ids('getDeliveryOrders/all', w.office.token)).toEqual(sorted(awaited, glass));
  });

  it('each row names what it waits for: the deliveries not yet come, with supplier and planned day', async () => {
    for (const path of ['getDeliveryOrders/all', 'getDeliveryOrders/messe']) {
      const res = await w.call('GET', `/orders/${path}`, undefined, warehouse.token);
      const row = (res.json().docs as (Order & { awaited?: unknown })[]).find((o) => o._id === awaited._id);
      expect(row?.awaited).toEqual([
        { bezeichnung: 'Antrieb', lieferant: 'GEZE GmbH', geplantAm: '2026-11-30', menge: null },
      ]);
    }
    // The other lists do not carry it.
    const search = await w.call('GET', '/orders/getOrdersBySearch/messe', undefined, warehouse.token);
    expect((search.json().docs as { awaited?: unknown }[])[0]?.awaited).toBeUndefined();
  });

  it('with a term: the free search’s fields or an awaited delivery’s name or supplier', async () => {
    expect(await ids('getDeliveryOrders/messe')).toEqual(sorted(awaited));
    expect(await ids('getDeliveryOrders/glas%20becker')).toEqual(sorted(glass));
    expect(await ids('getDeliveryOrders/glasfl')).toEqual(sorted(glass));
    // GEZE delivers to both, but its delivery to the Zeil Galerie has come.
    expect(await ids('getDeliveryOrders/geze')).toEqual(sorted(awaited));
    expect(await ids('getDeliveryOrders/zeil')).toEqual([]);
  });

  it('a delivery that comes takes the order out of the list and its count; a new one puts it back', async () => {
    const o = await w.create({ objekt: 'Parkhaus', logistik: [delivery()] });
    expect(await count()).toEqual({ count: 3 });
    const done = await w.put(o, { logistik: [delivery({ geliefertAm: '2026-11-27' })] });
    expect(await ids('getDeliveryOrders/all')).toEqual(sorted(awaited, glass));
    expect(await count()).toEqual({ count: 2 });
    await w.put(done, { logistik: [...done.logistik, delivery({ bezeichnung: 'Sensor' })] });
    expect(await count()).toEqual({ count: 3 });
    expect(await ids('getDeliveryOrders/all')).toContain(o._id);
  });

  it('another tenant’s orders are not seen; a tenant with none counts 0', async () => {
    const empty = await orderWorld(t, 'Leeres Lager');
    const res = await empty.call('GET', '/orders/countDeliveryOrders/all');
    expect(res.json()).toEqual({ count: 0 });
    const page = await empty.call('GET', '/orders/getDeliveryOrders/all');
    expect(page.json().docs).toEqual([]);
  });
});
