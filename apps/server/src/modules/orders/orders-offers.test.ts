/** POST orders/fromOffer/{offerId}: an order from a commissioned offer, the offer taken over in the same transaction. */

import { Department, Role } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { Offer } from '@pruefbuch/domain/schemas/offer';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/books';
import { angebot, ersatzteile, mailsTo, type OfferWorld, offerRow, offerWorld } from '../../../test/fixtures/offers';
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
    // The order is named by its AB-Nr, without one by its object.
    expect(await named()).toMatchObject({
      code: 'OFFER_HAS_ORDER',
      details: [{ field: 'orderId', params: { orderId: order._id, order: order.abnr } }],
    });
    const unnumbered = await w.call('PUT', `/orders/${order._id}`, { ...order, abnr: '' });
    expect(unnumbered.statusCode, unnumbered.body).toBe(200);
    expect((await named()).details[0]?.params.order).toBe('Stadtwerke Hanau');
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

  const yy = berlinToday().slice(2, 4);
  const commissioned = (w: OfferWorld, extra: Record<string, unknown> = {}) =>
    w.create({
      ofmUser: w.ofm.id,
      angebot: angebot({
        offerNr: `A-${Math.random().toString(36).slice(2, 7)}`,
        talkResult: 'angebot_ist_beauftragt',
      }),
      ...extra,
    });

  it('proposes the department and OPM, numbers the order and mails the department and the OPM (issue 31 item 5)', async () => {
    const w = await offerWorld(t);
    const el = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [w.tenantId], department: Department.EL });
    const install = {
      autSchieber: true,
      autDreher: false,
      bau: false,
      umbau: false,
      export: false,
      ersatzteile: false,
    };
    const offer = await commissioned(w, { objekt: 'Rathaus Fulda', debitor: 'Stadt Fulda', abteilung: install });
    const proposal = await w.call('GET', `/orders/fromOffer/${offer._id}/proposal`);
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(proposal.json()).toEqual({ department: Department.EL, opmUser: w.opm.id, abnr: `AB-${yy}-1001` });
    const res = await w.call('POST', `/orders/fromOffer/${offer._id}`, { message: 'Montage im Januar.' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({ abnr: `AB-${yy}-1001`, aktuelle_abteilung: Department.EL, opmUser: w.opm.id });
    for (const to of [el.email, w.opm.email]) {
      const [mail] = await mailsTo(t, to);
      expect(mail?.subject).toBe(`Neuer Auftrag AB-${yy}-1001 für Ihre Abteilung`);
      expect(mail?.text).toContain('Rathaus Fulda');
      expect(mail?.text).toContain('OPM: Otto Auftrag');
      expect(mail?.text).toContain('Montage im Januar.');
      expect(mail?.text).toContain(`/orderprocessing/${order._id}`);
    }
    expect(await mailsTo(t, w.ktb.email)).toHaveLength(0);
    // Spare parts only go to OPM; the next number follows.
    const parts = await commissioned(w, { abteilung: { ...install, autSchieber: false, ersatzteile: true } });
    const second = (await w.call('POST', `/orders/fromOffer/${parts._id}`)).json() as Order;
    expect(second).toMatchObject({ abnr: `AB-${yy}-1002`, aktuelle_abteilung: Department.OPM });
  });

  it('takes the department and OPM sent, and refuses an OPM of another tenant or none at all, writing nothing', async () => {
    const w = await offerWorld(t);
    const other = await offerWorld(t, 'Fremd');
    const offer = await commissioned(w);
    const foreign = await w.call('POST', `/orders/fromOffer/${offer._id}`, { opmUser: other.opm.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toMatchObject([{ field: 'opmUser', key: 'validation.order.opmUser' }]);
    const noDepartment = await w.call('POST', `/orders/fromOffer/${offer._id}`, {
      department: Department.NO_DEPARTMENT,
    });
    expect(noDepartment.statusCode).toBe(400);
    expect((await offerRow(t, offer._id)).orderId).toBeNull();
    // Two OPM users and none on the offer: the take-over asks.
    await t.createUser({ role: Role.PROJECT_ROLE, tenantIds: [w.tenantId], department: Department.OPM });
    const asked = await w.call('POST', `/orders/fromOffer/${offer._id}`);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().details[0].field).toBe('opmUser');
    expect(
      (
        await w.call('GET', '/orders/numbering', undefined, (await member(t, Role.ADMIN_ROLE, [w.tenantId])).token)
      ).json(),
    ).toMatchObject({ next: 1001 });
    const res = await w.call('POST', `/orders/fromOffer/${offer._id}`, {
      department: Department.KTB,
      opmUser: w.ktb.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ aktuelle_abteilung: Department.KTB, opmUser: w.ktb.id, abnr: `AB-${yy}-1001` });
  });

  it('counts on past numbers typed by hand, and takes the prefix and next number an admin sets', async () => {
    const w = await offerWorld(t);
    const admin = await member(t, Role.ADMIN_ROLE, [w.tenantId]);
    const typed = await w.call('POST', '/orders', { objekt: 'Altbestand', abnr: `AB-${yy}-1500` });
    expect(typed.statusCode, typed.body).toBe(201);
    await w.call('POST', '/orders', { objekt: 'Vorjahr', abnr: 'AB-19-9000' });
    const first = (await w.call('POST', `/orders/fromOffer/${(await commissioned(w))._id}`)).json() as Order;
    expect(first.abnr).toBe(`AB-${yy}-1501`);
    // A number typed past the counter is skipped.
    await w.call('POST', '/orders', { objekt: 'Vorgegriffen', abnr: `AB-${yy}-1502` });
    const second = (await w.call('POST', `/orders/fromOffer/${(await commissioned(w))._id}`)).json() as Order;
    expect(second.abnr).toBe(`AB-${yy}-1503`);
    // Only admins and list admins set the numbering; a number already given is refused.
    expect((await w.call('PUT', '/orders/numbering', { prefix: 'KV', next: 20 })).statusCode).toBe(403);
    const low = await w.call('PUT', '/orders/numbering', { prefix: 'AB', next: 1503 }, admin.token);
    expect(low.statusCode).toBe(400);
    expect(low.json().details).toMatchObject([
      { field: 'next', key: 'validation.order.numberTaken', params: { used: 1503 } },
    ]);
    const bad = await w.call('PUT', '/orders/numbering', { prefix: 'a b', next: 5 }, admin.token);
    expect(bad.json().details[0].field).toBe('prefix');
    const set = await w.call('PUT', '/orders/numbering', { prefix: 'KV', next: 20 }, admin.token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ prefix: 'KV', next: 20, example: `KV-${yy}-20` });
    const third = (await w.call('POST', `/orders/fromOffer/${(await commissioned(w))._id}`)).json() as Order;
    expect(third.abnr).toBe(`KV-${yy}-20`);
    // Another tenant counts on its own.
    const other = await offerWorld(t, 'Zweite');
    const theirs = (await other.call('POST', `/orders/fromOffer/${(await commissioned(other))._id}`)).json() as Order;
    expect(theirs.abnr).toBe(`AB-${yy}-1001`);
  });

  it('gives 10 parallel take-overs 10 different numbers without a gap', async () => {
    const w = await offerWorld(t);
    const offers = await Promise.all(Array.from({ length: 10 }, () => commissioned(w)));
    const replies = await Promise.all(offers.map((o) => w.call('POST', `/orders/fromOffer/${o._id}`)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const numbers = replies.map((r) => (r.json() as Order).abnr).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `AB-${yy}-${1001 + i}`));
  });
});
