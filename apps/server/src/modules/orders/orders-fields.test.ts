import { API_ACCESS } from '@pruefbuch/domain/access';
import { Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { BILLING_ROLES } from '@pruefbuch/domain/rules/field-permissions';
import { MAW_ENTRY_DEFAULTS, type Order, orderUpdateSchema } from '@pruefbuch/domain/schemas/order';
import { beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/books';
import { orderRow, orderWorld, vkid } from '../../../test/fixtures/orders';
import { createTestApp } from '../../../test/helper';

/** Decision 043: the billing fields of an order, per role, on PUT and POST orders. */
const t = await createTestApp();
const w = await orderWorld(t, 'Verrechnung');
const WRITERS = API_ACCESS['orders:write'] as readonly RoleNumber[];
const roleName = (r: RoleNumber) => Object.entries(Role).find(([, n]) => n === r)?.[0] ?? String(r);
const tokens = new Map<RoleNumber, string>();

beforeAll(async () => {
  for (const role of WRITERS) tokens.set(role, (await member(t, role, [w.tenantId])).token);
});

/** The order as the form sends it: every field and the version read. */
const whole = (o: Order) => orderUpdateSchema.parse(o);

const billed = (r: RoleNumber) => BILLING_ROLES.includes(r);

describe('PUT orders/{id}: the billing fields', () => {
  it.each(WRITERS.map((r) => [roleName(r), r]))('%s', async (_, role) => {
    const token = tokens.get(role) as string;
    const order = await w.create({
      vkid: vkid({ betrag: 1000, vergabepreis: 900 }),
      maw: [{ ...MAW_ENTRY_DEFAULTS, datum: '2026-11-02', stunden: 2, verrechnet: true }],
    });

    // The whole order sent back unchanged, and a change of a free field: allowed to every writer.
    const same = await w.call('PUT', `/orders/${order._id}`, whole(order), token);
    expect(same.statusCode, same.body).toBe(200);
    const free = await w.call(
      'PUT',
      `/orders/${order._id}`,
      { ...whole(same.json()), vkid: { ...whole(same.json()).vkid, bemerkungen: 'Tor klemmt' } },
      token,
    );
    expect(free.statusCode, free.body).toBe(200);
    let cur = free.json() as Order;

    // Each billing field changed on its own.
    const changes: [string, Record<string, unknown>][] = [
      ['vkid.betrag', { vkid: { ...whole(cur).vkid, betrag: 1 } }],
      ['vkid.vergabepreis', { vkid: { ...whole(cur).vkid, vergabepreis: null } }],
      ['vkid.vorverrechnet', { vkid: { ...whole(cur).vkid, vorverrechnet: true } }],
      ['vkid.verrechnet', { vkid: { ...whole(cur).vkid, verrechnet: true } }],
      ['vkid.verrechneteMaw', { vkid: { ...whole(cur).vkid, verrechneteMaw: 12.5 } }],
      [
        'maw.1.verrechnet',
        { maw: [...cur.maw, { ...MAW_ENTRY_DEFAULTS, datum: '2026-11-02', stunden: 1, verrechnet: true }] },
      ],
      ['maw', { maw: [] }],
    ];
    for (const [field, change] of changes) {
      const res = await w.call('PUT', `/orders/${cur._id}`, { ...whole(cur), ...change }, token);
      if (billed(role)) {
        expect(res.statusCode, `${field}: ${res.body}`).toBe(200);
        cur = res.json() as Order;
      } else {
        expect(res.statusCode, `${field}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FIELD_NOT_PERMITTED', details: [{ field }] });
        // Nothing was written.
        expect((await orderRow(t, cur._id)).version).toBe(cur.__v);
      }
    }
    // An unbilled extra-effort entry is anybody's: added and removed again.
    const added = await w.call(
      'PUT',
      `/orders/${cur._id}`,
      { ...whole(cur), maw: [...cur.maw, { ...MAW_ENTRY_DEFAULTS, datum: '2026-11-02', stunden: 3 }] },
      token,
    );
    expect(added.statusCode, added.body).toBe(200);
    const removed = await w.call('PUT', `/orders/${cur._id}`, { ...whole(added.json()), maw: cur.maw }, token);
    expect(removed.statusCode, removed.body).toBe(200);
  });
});

describe('POST orders: the billing fields keep their defaults for other roles', () => {
  it.each(WRITERS.map((r) => [roleName(r), r]))('%s', async (_, role) => {
    const token = tokens.get(role) as string;
    const plain = await w.call('POST', '/orders', { objekt: 'Neu', vkid: vkid({ bemerkungen: 'frei' }) }, token);
    expect(plain.statusCode, plain.body).toBe(201);
    const priced = await w.call(
      'POST',
      '/orders',
      { objekt: 'Neu', vkid: vkid({ betrag: 50, verrechnet: true }) },
      token,
    );
    expect(priced.statusCode, priced.body).toBe(billed(role) ? 201 : 403);
    if (!billed(role)) {
      expect(priced.json().details.map((d: { field: string }) => d.field)).toEqual(['vkid.betrag', 'vkid.verrechnet']);
    }
  });
});
