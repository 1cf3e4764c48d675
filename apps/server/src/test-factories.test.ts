/**
 * The direct-insert factories of test/factories.ts write rows the API reads as its own: an order and
 * an offer fit their reply schemas and carry the ampels a write would derive, the order is in the list,
 * a slot counts as planned time and the cost list is the tenant's.
 */
import { Role } from '@pruefbuch/domain/roles';
import type { CostList, RequiredTimeReply } from '@pruefbuch/domain/schemas/capacity';
import { offerSchema } from '@pruefbuch/domain/schemas/offer';
import { type Order, orderSchema } from '@pruefbuch/domain/schemas/order';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCostList, insertOffer, insertOrder, insertTimeslot } from '../test/factories';
import { createTestApp } from '../test/helper';

const t = await createTestApp();
const db = t.database.db;
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let tenantId = '';
let token = '';
let admin = '';
const get = (url: string, as = token) => t.api({ method: 'GET', url, token: as, tenant: tenantId });

beforeAll(async () => {
  tenantId = (await t.createTenant('Fabriken')).id;
  token = (await t.signedIn(Role.STANDARD_ROLE, { tenantIds: [tenantId] })).token;
  admin = (await t.signedIn(Role.ADMIN_ROLE, { tenantIds: [tenantId] })).token;
});

describe('insertOrder', () => {
  it('writes an order GET orders/{id} answers within its schema, with the ampel a write derives', async () => {
    const row = await insertOrder(db, tenantId, { abnr: 'AB-F1', vkid: { geplante_montage_date: isoDay(-3) } });
    const res = await get(`/orders/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({ _id: row.id, abnr: 'AB-F1', objekt: 'Zentrale Mitte', status: 'CREATED' });
    expect(order.vkid.geplante_montage_date).toBe(isoDay(-3));
    expect(row.gesamtAmpel).not.toBeNull();
    expect(row.gesamtRank).toBeGreaterThan(0);
  });

  it('writes an order the list shows (the database writes its list item)', async () => {
    const row = await insertOrder(db, tenantId, { abnr: 'AB-F2' });
    const res = await get('/orders?inactive=true&size=500');
    expect(res.statusCode, res.body).toBe(200);
    const docs = (res.json() as { docs: Order[] }).docs;
    expect(docs.find((d) => d._id === row.id)?.abnr).toBe('AB-F2');
  });
});

describe('insertOffer', () => {
  it('writes an offer GET offer/{id} answers within its schema, with its derived ampel and status', async () => {
    const row = await insertOffer(db, tenantId, { receivedDate: isoDay(-40), angebot: { offerNr: 'AN-F1' } });
    const res = await get(`/offer/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const offer = offerSchema.parse(res.json());
    expect(offer).toMatchObject({ _id: row.id, ampel: row.ampel, status: row.status });
    expect(offer.angebot.offerNr).toBe('AN-F1');
  });
});

describe('insertTimeslot and insertCostList', () => {
  it('plan time the required-time reply counts, and give the tenant its cost list', async () => {
    // The cost list first: reading the required time makes one for a tenant that has none.
    const list = await insertCostList(db, tenantId, { vorlagen: [] });
    const order = await insertOrder(db, tenantId, { abnr: 'AB-F3' });
    await insertTimeslot(db, order, { area: 'versand', minutes: 45 });
    const res = await get(`/capacity/get/requiredTime/${order.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as RequiredTimeReply).planned).toMatchObject({ versand: 45 });
    const first = await get('/costlist/find/first', admin);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as CostList)._id).toBe(list.id);
  });
});
