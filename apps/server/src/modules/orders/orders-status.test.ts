/** POST orders/{id}/status: whole flows with and without a civil acceptance, refused steps, roles. */
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { describe, expect, it } from 'vitest';
import { el, isoDay, type OrderWorld, orderRow, orderWorld, vkid } from '../../../test/fixtures/orders';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

/** An order planned by sales (ready for AKT_KW_VKID), with or without a civil acceptance. */
async function planned(w: OrderWorld, zivi: boolean) {
  const day = isoDay(30);
  return w.create({
    objekt: 'Kaufhof',
    vkid: vkid({ geplante_montage_date: day, warenbtermin_date: isoDay(20), akt_kw: weekOf(day), zivi }),
  });
}

/** Takes the order to MONTAGE_ABGESCHLOSSEN, filling what each step needs. */
async function toInstalled(w: OrderWorld, o: Order) {
  let cur = await w.stepTo(o, 'AKT_KW_VKID');
  cur = await w.put(cur, { el: el({ akt_kw: cur.vkid.akt_kw }) });
  cur = await w.stepTo(cur, 'AKT_KW');
  cur = await w.put(cur, { el: { ...cur.el, montagedatum: isoDay(30) } });
  cur = await w.stepTo(cur, 'MONTAGE', w.tech.token);
  // Completed only once the installation day has come (issue 31 item 7): ahead it is a 400 at the date.
  const early = await w.call('POST', `/orders/${o._id}/status`, { to: 'MONTAGE_ABGESCHLOSSEN', __v: cur.__v });
  expect(early.statusCode).toBe(400);
  expect(early.json().details).toEqual([
    expect.objectContaining({ field: 'el.montagedatum', key: 'validation.order.montageFuture' }),
  ]);
  cur = await w.put(cur, { el: { ...cur.el, montagedatum: isoDay(0) } });
  return w.stepTo(cur, 'MONTAGE_ABGESCHLOSSEN', w.tech.token);
}

describe('the status flow', () => {
  it('goes CREATED → … → VERRECHNET without a civil acceptance, setting the dates once', async () => {
    const w = await orderWorld(t);
    const o = await planned(w, false);
    const before = o.statusLastModified;
    const installed = await toInstalled(w, o);
    expect(installed.status).toBe('MONTAGE_ABGESCHLOSSEN');
    expect(installed.statusLastModified > before).toBe(true);
    // Installed: nothing to plan any more.
    expect(installed.vkid.ampel).toBeNull();
    expect(installed.el.ampel).toBeNull();
    let row = await orderRow(t, o._id);
    expect(row.installedAt).not.toBeNull();
    // Without a civil acceptance the installation is the acceptance.
    expect(row.acceptedAt).toEqual(row.installedAt);
    expect(row.billedAt).toBeNull();
    // Billing needs vkid.verrechnet.
    const refused = await w.call('POST', `/orders/${o._id}/status`, { to: 'VERRECHNET', __v: installed.__v });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ field: 'vkid.verrechnet' })]);
    const billedReady = await w.put(installed, { vkid: { ...installed.vkid, verrechnet: true } });
    const billed = await w.stepTo(billedReady, 'VERRECHNET');
    expect(billed.status).toBe('VERRECHNET');
    expect(billed.gesamt_ampel).toBeNull();
    row = await orderRow(t, o._id);
    expect(row.billedAt).not.toBeNull();
    const protocol = (await w.call('GET', `/protocol/getProtocolByOrder/${o._id}`)).json() as {
      field: string;
      newValue: string | null;
    }[];
    expect(protocol.filter((e) => e.field === 'status').map((e) => e.newValue)).toEqual(
      expect.arrayContaining(['AKT_KW_VKID', 'AKT_KW', 'MONTAGE', 'MONTAGE_ABGESCHLOSSEN', 'VERRECHNET']),
    );
  });

  it('goes through the civil acceptance (with a defect) when one is needed; accepted at ZIVI_ERLEDIGT', async () => {
    const w = await orderWorld(t);
    const o = await planned(w, true);
    let cur = await toInstalled(w, o);
    expect((await orderRow(t, o._id)).acceptedAt).toBeNull();
    // Straight to billing is refused: the acceptance comes first.
    const direct = await w.call('POST', `/orders/${o._id}/status`, { to: 'VERRECHNET', __v: cur.__v });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'vkid.zivi', key: 'validation.order.ziviFirst' })]),
    );
    cur = await w.stepTo(cur, 'ZIVI_BESTELLT');
    cur = await w.stepTo(cur, 'ZIVI_MANGEL');
    cur = await w.stepTo(cur, 'ZIVI_ERLEDIGT');
    const accepted = (await orderRow(t, o._id)).acceptedAt;
    expect(accepted).not.toBeNull();
    cur = await w.put(cur, { vkid: { ...cur.vkid, verrechnet: true } });
    cur = await w.stepTo(cur, 'VERRECHNET');
    expect(cur.status).toBe('VERRECHNET');
    // An admin takes the invoice back; the first billing date stays.
    const billedAt = (await orderRow(t, o._id)).billedAt;
    cur = await w.stepTo(cur, 'ZIVI_ERLEDIGT', w.admin.token);
    expect(cur.status).toBe('ZIVI_ERLEDIGT');
    cur = await w.stepTo(cur, 'VERRECHNET');
    expect((await orderRow(t, o._id)).billedAt).toEqual(billedAt);
  });

  it('names the missing fields of a step at their paths', async () => {
    const w = await orderWorld(t);
    const o = await w.create();
    const res = await w.call('POST', `/orders/${o._id}/status`, { to: 'AKT_KW_VKID', __v: 0 });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['vkid.akt_kw', 'vkid.geplante_montage_date']);
    expect((await orderRow(t, o._id)).status).toBe('CREATED');
  });

  it('answers 409 for a step the flow does not have and for a stale __v', async () => {
    const w = await orderWorld(t);
    const o = await planned(w, false);
    const jump = await w.call('POST', `/orders/${o._id}/status`, { to: 'MONTAGE', __v: 0 });
    expect(jump.statusCode).toBe(409);
    expect(jump.json().code).toBe('ORDER_STEP_NOT_ALLOWED');
    const stale = await w.call('POST', `/orders/${o._id}/status`, { to: 'AKT_KW_VKID', __v: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const unknown = await w.call('POST', `/orders/${o._id}/status`, { to: 'DONE', __v: 0 });
    expect(unknown.statusCode).toBe(400);
  });

  it('lets a service technician install but not plan or bill (403)', async () => {
    const w = await orderWorld(t);
    const o = await planned(w, false);
    const plan = await w.call('POST', `/orders/${o._id}/status`, { to: 'AKT_KW_VKID', __v: 0 }, w.tech.token);
    expect(plan.statusCode).toBe(403);
    const installed = await toInstalled(w, o);
    const ready = await w.put(installed, { vkid: { ...installed.vkid, verrechnet: true } });
    const bill = await w.call('POST', `/orders/${o._id}/status`, { to: 'VERRECHNET', __v: ready.__v }, w.tech.token);
    expect(bill.statusCode).toBe(403);
    expect((await orderRow(t, o._id)).status).toBe('MONTAGE_ABGESCHLOSSEN');
    // Taking back an invoice is the admin's.
    const billed = await w.stepTo(ready, 'VERRECHNET');
    const back = await w.call('POST', `/orders/${o._id}/status`, { to: 'MONTAGE_ABGESCHLOSSEN', __v: billed.__v });
    expect(back.statusCode).toBe(403);
  });
});
