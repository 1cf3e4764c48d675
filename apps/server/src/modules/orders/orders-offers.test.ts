/** POST orders/fromOffer/{offerId}: an order from a commissioned offer, the offer taken over in the same transaction. */

import { Role } from '@pruefbuch/domain/roles';
import type { Offer } from '@pruefbuch/domain/schemas/offer';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/books';
import { angebot, ersatzteile, offerRow, offerWorld } from '../../../test/fixtures/offers';
import { expectListItemsAreOrders, FOREIGN } from '../../../test/fixtures/orders';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

describe('POST orders/fromOffer', () => {
  it('creates the order from a commissioned offer and marks the offer taken over', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      ofmUser: w.ofm.id,
      objekt: 'Kaufhof Zeil',
      csnr: 'CS-815',
      tp: 'TP-3',
      debitor: 'Galeria',
      objektdaten: 'Haupteingang, 2 Schiebetüren',
      contactPerson: 'Herr Hausmeister',
      customerEmail: 'hm@kaufhof.example',
      contactPersonTelNr: '069 1',
      abteilung: { autSchieber: true, autDreher: false, bau: false, umbau: false, export: false, ersatzteile: false },
      angebot: angebot({
        offerNr: 'A-17',
        offerDate: '2024-05-02',
        offerSum: 1000,
        talkResult: 'angebot_ist_beauftragt',
      }),
      ersatzteile: ersatzteile({ orderSum: 950.5 }),
    });
    const res = await w.call('POST', `/orders/fromOffer/${offer._id}`);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    await expectListItemsAreOrders(w, 1);
    expect(order).toMatchObject({
      offerId: offer._id,
      offerNr: 'A-17',
      objekt: 'Kaufhof Zeil',
      csnr: 'CS-815',
      tp: 'TP-3',
      kunde: 'Galeria',
      objektdaten: 'Haupteingang, 2 Schiebetüren',
      status: 'CREATED',
      ansprechpartner_kunde: { bezeichnung: 'Herr Hausmeister', email: 'hm@kaufhof.example', tel: '069 1' },
      abteilung: { autSchieber: true },
      vkid: { betrag: 950.5 },
    });
    const taken = (await w.call('GET', `/offer/${offer._id}`)).json() as Offer;
    expect(taken.opm.orderId).toBe(order._id);
    expect(taken.ampel).toBe('taken_over');
    expect(taken.takeOverRequestedAt).not.toBeNull();
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as {
      field: string;
      newValue: string | null;
    }[];
    expect(protocol.find((e) => e.field === 'opm.orderId')?.newValue).toBe(order._id);
    // The lists name the order's offer by its number, which the offer's editor may still change: the
    // database writes the order's list item anew (migration 0023).
    const renamed = await w.call('PUT', `/offer/${offer._id}`, {
      __v: taken.__v,
      angebot: { ...taken.angebot, offerNr: 'A-17/2' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const listed = (await w.call('GET', '/orders/getOrdersBySearch/Kaufhof%20Zeil')).json() as { docs: Order[] };
    expect(listed.docs.map((d) => d.offerNr)).toEqual(['A-17/2']);
    await expectListItemsAreOrders(w, 1);
    // A second time: the offer has its order.
    const again = await w.call('POST', `/orders/fromOffer/${offer._id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_FROM_OFFER_NOT_ALLOWED');
  });

  it('keeps an offer an order was made from: deleting it is a 409 naming the order (issue 31 item 5)', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      ofmUser: w.ofm.id,
      objekt: 'Stadtwerke Hanau',
      angebot: angebot({ offerNr: 'A-DEL', talkResult: 'angebot_ist_beauftragt' }),
    });
    const order = (await w.call('POST', `/orders/fromOffer/${offer._id}`)).json() as Order;
    const admin = await member(t, Role.ADMIN_ROLE, []);
    const named = async () => {
      const res = await w.call('DELETE', `/offer/${offer._id}`, undefined, admin.token);
      expect(res.statusCode).toBe(409);
      return res.json() as { code: string; details: { field: string; params: Record<string, string> }[] };
    };
    // Without an AB-Nr the order is named by its object, with one by its number.
    expect(await named()).toMatchObject({
      code: 'OFFER_HAS_ORDER',
      details: [{ field: 'orderId', params: { orderId: order._id, order: 'Stadtwerke Hanau' } }],
    });
    const numbered = await w.call('PUT', `/orders/${order._id}`, { ...order, abnr: 'AB-26-4711' });
    expect(numbered.statusCode, numbered.body).toBe(200);
    expect((await named()).details[0]?.params.order).toBe('AB-26-4711');
    expect((await w.call('GET', `/offer/${offer._id}`)).statusCode).toBe(200);
  });

  it('takes the offer sum when there is no order sum, and keeps an earlier take-over request', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      ofmUser: w.ofm.id,
      angebot: angebot({
        offerNr: 'A-18',
        offerDate: '2024-05-02',
        offerSum: 1000,
        talkResult: 'angebot_ist_beauftragt',
      }),
    });
    const asked = (await w.call('POST', `/offer/${offer._id}/takeover`)).json() as Offer;
    const res = await w.call('POST', `/orders/fromOffer/${offer._id}`);
    expect(res.statusCode).toBe(201);
    expect((res.json() as Order).vkid.betrag).toBe(1000);
    const row = await offerRow(t, offer._id);
    expect(row.takeOverRequestedAt?.toISOString()).toBe(asked.takeOverRequestedAt);
  });

  it('refuses an offer that is not commissioned (409) and another tenant’s offer (404), writing nothing', async () => {
    const w = await offerWorld(t);
    const open = await w.create({ ofmUser: w.ofm.id });
    const res = await w.call('POST', `/orders/fromOffer/${open._id}`);
    expect(res.statusCode).toBe(409);
    expect((await offerRow(t, open._id)).orderId).toBeNull();
    const orders = (await w.call('GET', '/orders/get/updatedAt')).json() as { count: number };
    expect(orders.count).toBe(0);
    const other = await offerWorld(t, 'Andere');
    expect((await other.call('POST', `/orders/fromOffer/${open._id}`)).statusCode).toBe(404);
    expect((await w.call('POST', `/orders/fromOffer/${FOREIGN}`)).statusCode).toBe(404);
  });
});
