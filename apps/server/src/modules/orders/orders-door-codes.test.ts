import { Role } from '@pruefbuch/domain/roles';
import { ORDER_DEFAULTS, type Order } from '@pruefbuch/domain/schemas/order';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/books';
import { FOREIGN, orderRow, orderWorld } from '../../../test/fixtures/orders';
import { createTestApp } from '../../../test/helper';
import { orders } from '../../db/schema/index';
import { seedComponents } from '../components/components.seed';

/** Decision 052: the door's codes come from the component catalogue; a catalogue keeper may confirm another. */
const logLines: string[] = [];
const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => logLines.push(line) } });
await seedComponents(t.database.db);
const w = await orderWorld(t, 'Türcodes');
const door = (over: Partial<Order['tuer']> = {}): Order['tuer'] => ({
  ...ORDER_DEFAULTS.tuer,
  tuertyp: 'schieber',
  ...over,
});
const SLIDING = { antrieb: 'SA-2-FR', fluegel: 'SFL2', stromart: 'FR-230', komponenten: ['SE-KOMBI', 'TA-AP'] };

const refusedAt = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { details: { field: string; key: string }[] }).details.map((d) => `${d.field}:${d.key}`);
};
const confirmLogs = () =>
  logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'door component codes outside the catalogue confirmed');

describe('POST and PUT orders: the door codes (decision 052)', () => {
  it('takes the catalogue’s codes of each field’s group', async () => {
    const order = await w.create({ tuer: door(SLIDING) });
    expect(order.tuer).toEqual(door(SLIDING));
  });

  it('refuses a code outside the catalogue, and one of another group, at its field', async () => {
    const res = await w.call('POST', '/orders', {
      objekt: 'Zentrale',
      tuer: door({ ...SLIDING, antrieb: 'ES200', stromart: 'SE-KOMBI', komponenten: ['TA-AP', 'LS-4711B'] }),
    });
    expect(refusedAt(res)).toEqual([
      'tuer.antrieb:validation.doorCode.unknown',
      'tuer.stromart:validation.doorCode.kind',
      'tuer.komponenten.1:validation.doorCode.unknown',
    ]);
  });

  it('a confirmation counts only from a user with the catalogue right; the keeper’s is logged and recorded', async () => {
    const order = await w.create({ tuer: door(SLIDING) });
    const outside = door({ ...SLIDING, komponenten: ['TA-AP', 'XQ-77'], bestaetigt: ['XQ-77'] });
    // The office user (orders:write, not components:manage) cannot confirm.
    const byOffice = await w.call('PUT', `/orders/${order._id}`, { __v: order.__v, tuer: outside });
    expect(refusedAt(byOffice)).toEqual(['tuer.komponenten.1:validation.doorCode.unknown']);
    // Without the confirmation the admin is refused too.
    const { bestaetigt: _, ...unconfirmed } = outside;
    const bare = await w.call('PUT', `/orders/${order._id}`, { __v: order.__v, tuer: unconfirmed }, w.admin.token);
    expect(refusedAt(bare)).toEqual(['tuer.komponenten.1:validation.doorCode.unknown']);
    expect(confirmLogs()).toEqual([]);

    const res = await w.call('PUT', `/orders/${order._id}`, { __v: order.__v, tuer: outside }, w.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Order;
    expect(saved.tuer).toEqual(outside);
    expect(confirmLogs()).toEqual([
      expect.objectContaining({
        level: 40,
        orderId: order._id,
        userId: w.admin.id,
        codes: [{ field: 'tuer.komponenten', code: 'XQ-77' }],
      }),
    ]);
    const protocol = (await w.call('GET', `/protocol/getProtocolByOrder/${order._id}`)).json() as {
      field: string;
      newValue: string | null;
      editor: string;
    }[];
    expect(protocol).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'tuer.bestaetigt', newValue: 'XQ-77' })]),
    );

    // The office user then edits the door: the confirmed code stays; an unchanged door needs no right; nothing new is logged.
    const later = await w.put(saved, { tuer: { ...saved.tuer, antrieb: 'SA-2' } });
    expect(later.tuer).toMatchObject({ antrieb: 'SA-2', komponenten: ['TA-AP', 'XQ-77'], bestaetigt: ['XQ-77'] });
    expect(confirmLogs()).toHaveLength(1);
    // Dropped from the door, the code leaves the confirmed list.
    const dropped = await w.put(later, { tuer: { ...later.tuer, komponenten: ['TA-AP'] } });
    expect(dropped.tuer).not.toHaveProperty('bestaetigt');
  });

  it('the keeper confirms on create too', async () => {
    const res = await w.call(
      'POST',
      '/orders',
      { objekt: 'Lager', tuer: door({ ...SLIDING, antrieb: 'XQ-88', bestaetigt: ['XQ-88'] }) },
      w.admin.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Order).tuer.bestaetigt).toEqual(['XQ-88']);
  });

  it('an order keeps codes it had before the catalogue rule, while other fields change', async () => {
    const order = await w.create({ tuer: door(SLIDING) });
    // Stored before decision 052: a free code, as the factories and old data have it.
    await t.database.db
      .update(orders)
      .set({ tuer: door({ ...SLIDING, antrieb: 'ES200' }) })
      .where(eq(orders.id, order._id));
    expect((await orderRow(t, order._id)).tuer).toMatchObject({ antrieb: 'ES200' });
    const current = (await w.call('GET', `/orders/${order._id}`)).json() as Order;
    const saved = await w.put(current, { objekt: 'Zentrale Süd', tuer: current.tuer });
    expect(saved.tuer.antrieb).toBe('ES200');
  });

  it('a confirmation by a project user (orders, not the catalogue) is refused', async () => {
    const project = await member(t, Role.PROJECT_ROLE, [w.tenantId]);
    const res = await w.call(
      'POST',
      '/orders',
      { objekt: 'Halle', tuer: door({ fluegel: 'X9', bestaetigt: ['X9'] }) },
      project.token,
    );
    expect(refusedAt(res)).toEqual(['tuer.fluegel:validation.doorCode.unknown']);
  });

  it('another tenant’s order is a 404 before any code is looked at', async () => {
    const res = await w.call('PUT', `/orders/${FOREIGN}`, { __v: 0, tuer: door({ antrieb: 'XQ' }) });
    expect(res.statusCode).toBe(404);
  });
});
